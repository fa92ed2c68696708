import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * A person's album ratings as they count (ADR 21): the chosen one where there is one, else the
 * songs' mean. Both reads go by the tables' primary keys, (user_id, album_id).
 */
function effectiveRatings(userId: string) {
  return sql`(
    select chosen.album_id, chosen.rating_tenths as tenths
    from chosen_album_ratings chosen where chosen.user_id = ${userId}
    union all
    select means.album_id, means.rating_tenths as tenths
    from album_ratings means
    where means.user_id = ${userId}
      and not exists (
        select 1 from chosen_album_ratings chosen
        where chosen.user_id = means.user_id and chosen.album_id = means.album_id
      )
  )`;
}

/** The person's album ratings counted by value (tenths): at most 46 rows. */
export async function albumRatingCountsOfUser(
  db: Db,
  userId: string,
): Promise<Array<{ tenths: number; count: number }>> {
  const rows = await sql<{ tenths: number; count: number | string }>`
    select e.tenths, count(*) as count from ${effectiveRatings(userId)} e group by e.tenths`.execute(db);
  return rows.rows.map((row) => ({ tenths: Number(row.tenths), count: Number(row.count) }));
}

export async function songRatingCountOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('track_ratings')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface TopRow {
  ref: string;
  name: string;
  albums: number;
  /** The sum of those album ratings, tenths. */
  tenths: number;
}

const toTop = (row: { ref: string; name: string; albums: number | string; tenths: number | string }): TopRow => ({
  ref: row.ref,
  name: row.name,
  albums: Number(row.albums),
  tenths: Number(row.tenths),
});

/**
 * Most albums rated first, then the higher mean rating, then the name (lower-cased, so both
 * dialects' collations agree on ASCII), then the id: one order everywhere.
 */
const topOrder = (name: string, key: string) =>
  sql`order by count(*) desc, avg(e.tenths) desc, lower(${sql.ref(name)}), ${sql.ref(key)}`;

/** The genres (any of an album's, as the charts' genre filter counts them) of the rated albums. */
export async function topGenresOfUser(db: Db, userId: string, limit: number): Promise<TopRow[]> {
  const rows = await sql<{ ref: string; name: string; albums: number | string; tenths: number | string }>`
    select g.slug as ref, g.name as name, count(*) as albums, sum(e.tenths) as tenths
    from ${effectiveRatings(userId)} e
    join album_genres ag on ag.album_id = e.album_id
    join genres g on g.slug = ag.genre_slug
    group by g.slug, g.name
    ${topOrder('g.name', 'g.slug')}
    limit ${limit}`.execute(db);
  return rows.rows.map(toTop);
}

/** The artists of the rated albums. */
export async function topArtistsOfUser(db: Db, userId: string, limit: number): Promise<TopRow[]> {
  const rows = await sql<{ ref: string; name: string; albums: number | string; tenths: number | string }>`
    select ar.id as ref, ar.name as name, count(*) as albums, sum(e.tenths) as tenths
    from ${effectiveRatings(userId)} e
    join albums al on al.id = e.album_id
    join artists ar on ar.id = al.artist_id
    group by ar.id, ar.name
    ${topOrder('ar.name', 'ar.id')}
    limit ${limit}`.execute(db);
  return rows.rows.map(toTop);
}
