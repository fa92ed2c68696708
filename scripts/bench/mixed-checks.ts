/**
 * After `npm run bench:mixed`: do the counts add up? Read-only queries over the tables the server
 * wrote (apps/server/src/db/schema.ts), the same SQL on SQLite and PostgreSQL.
 */
import { COUNTERS, type Counter, type Tally } from './mixed-workload.ts';

export type Query = <T>(sql: string) => Promise<T[]>;
export interface Check {
  ok: boolean;
  text: string;
}

/** Rows where a stats table disagrees with COUNT/SUM over track_ratings, grouped by `key`. */
const statsMismatches = (table: 'album_stats' | 'track_stats', key: 'album_id' | 'track_id') => `
  with actual as (
    select ${key} as id, count(*) as n, sum(rating) as total from track_ratings group by ${key}
  )
  select coalesce(s.${key}, a.id) as id, s.ratings_count as stats_count, s.ratings_sum as stats_sum,
         a.n as rows_count, a.total as rows_sum
  from ${table} s full join actual a on a.id = s.${key}
  where coalesce(s.ratings_count, 0) <> coalesce(a.n, 0) or coalesce(s.ratings_sum, 0) <> coalesce(a.total, 0)
  order by 1`;

interface StatsRow {
  id: string;
  stats_count: number | string | null;
  stats_sum: number | string | null;
  rows_count: number | string | null;
  rows_sum: number | string | null;
}

const first = (rows: string[]) => (rows.length > 3 ? `${rows.slice(0, 3).join('; ')}; …` : rows.join('; '));

const TABLE_ROWS: Record<Counter, [string, string]> = {
  trackRatings: ['track_ratings rows', 'select count(*) as n from track_ratings'],
  follows: ['follows rows', 'select count(*) as n from follows'],
  notes: ['notes', "select count(*) as n from posts where type = 'note'"],
  reviewPosts: ['review posts', "select count(*) as n from posts where type = 'review'"],
  collection: ['collection entries', 'select count(*) as n from collection_entries'],
  reviewedEntries: [
    'collection entries with a review',
    'select count(*) as n from collection_entries where review_post_id is not null',
  ],
};

export async function checkDatabase(
  query: Query,
  confirmed: Tally,
  slack: { up: Tally; down: Tally },
): Promise<Check[]> {
  const checks: Check[] = [];

  for (const [table, key, what] of [
    ['album_stats', 'album_id', 'album'],
    ['track_stats', 'track_id', 'track'],
  ] as const) {
    const wrong = await query<StatsRow>(statsMismatches(table, key));
    const [counted] = await query<{ n: number | string }>(`select count(*) as n from ${table} where ratings_count > 0`);
    checks.push({
      ok: wrong.length === 0,
      text:
        `${table}.ratings_count/ratings_sum = COUNT/SUM(track_ratings) for every ${what} ` +
        `(${Number(counted?.n ?? 0)} rated)` +
        (wrong.length
          ? `: ${wrong.length} differ, ${first(
              wrong.map(
                (r) =>
                  `${r.id} stats ${Number(r.stats_count ?? 0)}/${Number(r.stats_sum ?? 0)} ` +
                  `vs rows ${Number(r.rows_count ?? 0)}/${Number(r.rows_sum ?? 0)}`,
              ),
            )}`
          : ''),
    });
  }

  const profiles = await query<{
    id: string;
    name: string;
    followers: number;
    following: number;
    f1: number;
    f2: number;
  }>(`
    select p.user_id as id, p.display_name as name, p.follower_count as followers, p.following_count as following,
           (select count(*) from follows f where f.following_id = p.user_id) as f1,
           (select count(*) from follows f where f.follower_id = p.user_id) as f2
    from profiles p order by p.display_name`);
  const off = profiles.filter((p) => Number(p.followers) !== Number(p.f1) || Number(p.following) !== Number(p.f2));
  checks.push({
    ok: off.length === 0,
    text:
      `profiles.follower_count/following_count = follows rows for every profile (${profiles.length})` +
      (off.length
        ? `: ${off.length} differ, ${first(off.map((p) => `${p.name} ${p.followers}/${p.following} vs rows ${p.f1}/${p.f2}`))}`
        : ''),
  });

  const [links] = await query<{ n: number | string }>(`
    select count(*) as n from collection_entries c left join posts p on p.id = c.review_post_id
    where c.review_post_id is not null
      and (p.id is null or p.type <> 'review' or p.user_id <> c.user_id or p.album_id <> c.album_id)`);
  checks.push({
    ok: Number(links?.n) === 0,
    text: `every collection entry with a review points at a review post of the same person and album${
      Number(links?.n) ? `: ${Number(links?.n)} do not` : ''
    }`,
  });

  // A removed collection entry leaves its review post behind, so review posts are counted
  // against the reviews the server accepted, collection entries against adds less removals.
  for (const counter of COUNTERS) {
    const [label, sql] = TABLE_ROWS[counter];
    const [row] = await query<{ n: number | string }>(sql);
    const actual = Number(row?.n ?? 0);
    const low = confirmed[counter] - slack.down[counter];
    const high = confirmed[counter] + slack.up[counter];
    const range = low === high ? `${low}` : `${low}–${high} (unanswered writes at the stop)`;
    checks.push({
      ok: actual >= low && actual <= high,
      text: `${label}: ${actual} in the database, ${range} confirmed by the server`,
    });
  }
  return checks;
}
