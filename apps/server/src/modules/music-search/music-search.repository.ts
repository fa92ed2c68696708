import { SEARCH_TOTAL_MAX } from '@liner/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { PLANNED_EACH_TIME } from '../../db/statement-names.ts';
import { oneEditAway } from '../../lib/one-edit.ts';
import { searchWords } from '../../lib/search-text.ts';
import type { SongRow, SummaryRow } from '../catalog/index.ts';

/**
 * Music search over the catalogue, the one dialect-specific part: FTS5 on SQLite (migrations 003
 * and 027), rows of words with GIN indexes on PostgreSQL (migration 028), both over the same
 * folded words (search-text.ts), with the same meaning: every query word must start a word of the
 * album (title, artist, track titles) or of the track (title, artist).
 */

/** Search chooses its plans by what the words match: never under a generic plan (statement-names.ts). */
const planned = sql.raw(PLANNED_EACH_TIME);

/** The query words that count; more than this many words adds cost and nothing a person needs. */
const MAX_QUERY_WORDS = 8;

export interface SearchPage {
  limit: number;
  offset: number;
}

export interface SearchHits<T> {
  rows: T[];
  /** Matches counted up to SEARCH_TOTAL_MAX. */
  total: number;
}

/**
 * Ranking looks at a window of candidates, not at every match: the most popular rows whose title
 * holds every query word, and the most popular rows matching at all. A common word ("love", "the")
 * matches tens of thousands of albums; sorting them all would cost 100 ms and more, the windows
 * cost a few. Inside the window the order is exact; deeper pages widen it.
 */
const SEARCH_WINDOW = 200;

/**
 * PostgreSQL fetches and sorts every match up to FEW_MATCHES_PER_ROOT × √(rows in the table)
 * expected (postgresWindow); beyond, it walks the popularity order. Testing rows in popularity
 * order costs about window × rows / matches, fetching costs matches, so the break-even grows with
 * the square root of the table. Measured on 100,000 albums / 1.1M tracks: a row tested on the
 * walk costs 0.3–0.55 µs, a match fetched 1.5–2.5 µs, which puts the break-even at 5–7 √rows.
 */
const FEW_MATCHES_PER_ROOT = 6;

/** How long a table's row count is used before it is read again: it moves slowly. */
const TABLE_ROWS_TTL_MS = 60_000;
const knownTableRows = new WeakMap<Db, Map<SearchTable, { rows: number; until: number }>>();

/** The planner's row count of a table (pg_class.reltuples, kept by ANALYZE and autovacuum). */
async function tableRows(db: Db, table: SearchTable): Promise<number> {
  const known = knownTableRows.get(db) ?? new Map();
  knownTableRows.set(db, known);
  const entry = known.get(table);
  if (entry && entry.until > Date.now()) return entry.rows;
  const { rows } = await sql<{ rows: number }>`
    select greatest(reltuples, 0)::float8 as rows from pg_class where oid = to_regclass(${table})`.execute(db);
  const count = Number(rows[0]?.rows ?? 0);
  known.set(table, { rows: count, until: Date.now() + TABLE_ROWS_TTL_MS });
  return count;
}

/** The first field of a stored search_text: the title (see search-text.ts). */
function titleField(dialect: Dialect, column: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`(' ' || split_part(substr(${column}, 2), ' | ', 1))`
    : sql<string>`substr(${column}, 1, instr(${column} || ' |', ' |') - 1)`;
}

/**
 * Best matches first: the title (or the name searched) equals the query, then starts with it,
 * then holds every query word, then another field starts with the query, then the rest; popularity
 * orders each tier.
 */
function tier(dialect: Dialect, column: RawBuilder<unknown>, phrase: string, inTitle: RawBuilder<unknown>) {
  return sql<number>`case
    when ${column} like ${` ${phrase} |%`} or ${column} = ${` ${phrase}`} then 0
    when ${titleField(dialect, column)} like ${` ${phrase}%`} then 1
    when ${inTitle} then 2
    when ${column} like ${`% | ${phrase}%`} then 3
    else 4 end`;
}

/** The longest prefix FTS5 indexes as such (migration 003: prefix='1 2 3'). */
const INDEXED_PREFIX_LENGTH = 3;

/**
 * Beyond this many words for one prefix the OR costs about what the prefix query does (each word
 * is a cursor to merge), and a search reads the prefix as it is.
 */
const MAX_WORDS_PER_PREFIX = 64;

/**
 * A query word that starts no stored word is read as a slip: it stands for the stored words one
 * edit away from it, when it has this many letters or more (a shorter one is as likely another
 * word as a slip) and no more than TYPO_MAX_LETTERS (beyond, the candidates grow past use).
 */
const TYPO_MIN_LETTERS = 4;
const TYPO_MAX_LETTERS = 24;
/** At most this many candidates are looked up for one search (a query of long nonsense words). */
const TYPO_MAX_CANDIDATES = 8000;

/**
 * What each query word is searched as: the stored words it starts (from search_terms, migrations
 * 027 and 028), or null to search it as a prefix. Both indexes read an exact word lazily, in
 * order, and skip through it by the rarest word of the query, where a prefix first gathers every
 * row of every word it could be. SQLite keeps prefixes of up to three letters, which its FTS5
 * prefix index holds as such. A word no stored word starts is searched as the stored words one
 * edit away (typoCorrections), or as itself, matching nothing, when there are none.
 */
async function wordAlternatives(db: Db, dialect: Dialect, words: string[]): Promise<Array<string[] | null>> {
  const looked = words.flatMap((word, i) => (dialect === 'sqlite' && word.length <= INDEXED_PREFIX_LENGTH ? [] : [i]));
  const terms = words.map((): string[] => []);
  if (looked.length > 0) {
    // One statement for every word: one round trip.
    const { rows } = await sql<{ i: number; term: string }>`${sql.join(
      looked.map(
        (i) => sql`select * from (
          select ${sql.lit(i)} as i, term from search_terms
          where term >= ${words[i]} and term < ${`${words[i]}\u{10FFFF}`}
          order by term limit ${MAX_WORDS_PER_PREFIX + 1}) ${sql.id(`w${i}`)}`,
      ),
      sql` union all `,
    )}`.execute(db);
    for (const row of rows) terms[Number(row.i)]?.push(row.term);
    const unmatched = looked.filter((i) => terms[i]?.length === 0);
    const corrections = await typoCorrections(
      db,
      unmatched.map((i) => words[i] ?? ''),
    );
    for (const [n, i] of unmatched.entries()) terms[i] = corrections[n] ?? [];
  }
  return terms.map((found, i) =>
    looked.includes(i) && found.length > 0 && found.length <= MAX_WORDS_PER_PREFIX ? found : null,
  );
}

/** For each word, the stored words one edit away from it (none for a word too short or too long). */
async function typoCorrections(db: Db, words: string[]): Promise<string[][]> {
  let budget = TYPO_MAX_CANDIDATES;
  const nearby = words.map((word) => {
    const letters = Array.from(word).length;
    if (letters < TYPO_MIN_LETTERS || letters > TYPO_MAX_LETTERS) return [];
    const near = oneEditAway(word);
    if (near.length > budget) return [];
    budget -= near.length;
    return near;
  });
  const candidates = [...new Set(nearby.flat())];
  if (candidates.length === 0) return words.map(() => []);
  const { rows } = await sql<{ term: string }>`
    select term from search_terms where term in (${sql.join(candidates)})`.execute(db);
  const stored = new Set(rows.map((row) => row.term));
  return nearby.map((near) =>
    near
      .filter((word) => stored.has(word))
      .sort()
      .slice(0, MAX_WORDS_PER_PREFIX),
  );
}

/** An FTS5 string: quoted, so no query word is read as an operator. */
function ftsString(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** FTS5 expressions, one per query word, each matching the rows with a word that starts with it. */
async function ftsWordExpressions(db: Db, words: string[]): Promise<string[]> {
  const alternatives = await wordAlternatives(db, 'sqlite', words);
  return words.map((word, i) => {
    const terms = alternatives[i];
    return terms ? `(${terms.map(ftsString).join(' OR ')})` : `${ftsString(word)}*`;
  });
}

/** A tsquery lexeme: quoted, so no query word is read as an operator or a weight. */
function tsLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** A tsquery (text form) matching the rows with a word starting each query word. */
async function tsQuery(db: Db, words: string[]): Promise<string> {
  const alternatives = await wordAlternatives(db, 'postgres', words);
  return words
    .map((word, i) => {
      const terms = alternatives[i];
      return terms ? `(${terms.map(tsLexeme).join(' | ')})` : `${tsLexeme(word)}:*`;
    })
    .join(' & ');
}

/** FTS5 query: every word's expression, all required, in one column or anywhere. */
function ftsQuery(expressions: string[], column?: string): string {
  const all = expressions.join(' AND ');
  return column ? `{${column}} : (${all})` : all;
}

function queryWords(q: string): string[] {
  return searchWords(q).slice(0, MAX_QUERY_WORDS);
}

/**
 * Where a search looks. `hit` is 1 for a row matching in the field that ranks first (the title, or
 * the artist's name for an artist search), 0 for a row matching elsewhere.
 */
interface SearchPlan {
  /** Candidate ids and their `hit`: the window of rows ranked. */
  candidates: RawBuilder<unknown>;
  /** Every match, for the capped total. */
  matches: RawBuilder<unknown>;
}

/**
 * Whether the rows matching in the first field fill the page on their own. Then no other row can
 * reach it: a row matching elsewhere only ranks below every first-field match, and a first-field
 * match left out of that field's window has a window's worth of more popular first-field matches
 * ahead of it, so it is not in the window of all matches either. The second window would change
 * nothing, and is not read.
 */
async function fieldFillsPage(db: Db, fieldMatches: RawBuilder<unknown>, pageEnd: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`${planned}
    select count(*) as n from (${fieldMatches} limit ${pageEnd}) m`.execute(db);
  return Number(rows[0]?.n ?? 0) >= pageEnd;
}

/**
 * SQLite: FTS5 yields rows in rowid order, which is popularity order (see migration 003). Titles
 * are searched in their own tables (migration 027), artists by a column filter.
 */
async function sqlitePlan(
  db: Db,
  table: 'album_fts' | 'track_fts',
  expressions: string[],
  options: { field: 'title' | 'artist'; fieldOnly: boolean; window: number; pageEnd: number },
): Promise<SearchPlan> {
  const fts = sql.table(table);
  const id = sql.ref(table === 'album_fts' ? 'album_id' : 'track_id');
  const [fieldFts, inField] =
    options.field === 'title'
      ? [sql.table(table === 'album_fts' ? 'album_title_fts' : 'track_title_fts'), ftsQuery(expressions)]
      : [fts, ftsQuery(expressions, options.field)];
  const fieldMatches = sql`select 1 from ${fieldFts}(${inField})`;
  const fieldWindow = sql`select * from (select ${id} as id, 1 as hit from ${fieldFts}(${inField}) order by rowid limit ${options.window})`;
  const matches = sql`select 1 from ${fts}(${ftsQuery(expressions)})`;
  if (options.fieldOnly) return { candidates: fieldWindow, matches: fieldMatches };
  if (await fieldFillsPage(db, fieldMatches, options.pageEnd)) return { candidates: fieldWindow, matches };
  const anyWindow = sql`select * from (select ${id} as id, 0 as hit from ${fts}(${ftsQuery(expressions)}) order by rowid limit ${options.window})`;
  return {
    candidates: sql`select id, max(hit) as hit from (${fieldWindow} union all ${anyWindow}) w group by id`,
    matches,
  };
}

/**
 * How many rows PostgreSQL expects a condition to match: its planner's estimate (from the words'
 * statistics), for the price of planning the query, without running it.
 */
async function estimatedMatches(db: Db, from: RawBuilder<unknown>, condition: RawBuilder<boolean>): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`${planned}
    explain (format json) select 1 from ${from} where ${condition}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

interface PostgresWindowOptions {
  from: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  /** The ordering columns, selected under their own names (`p`, `aid`, …) … */
  rankColumns: RawBuilder<unknown>;
  /** … the order by those names … */
  rankOrder: RawBuilder<unknown>;
  /** … and the same order over the tables. */
  order: RawBuilder<unknown>;
  window: number;
  /** The table whose size sets how many matches are few (see FEW_MATCHES_PER_ROOT). */
  table: SearchTable;
}

type SearchTable = 'album_search' | 'track_search';

/**
 * The `window` most popular rows matching `condition`, each with its `hit`. Two plans give the
 * same rows: walking the popularity index and testing each row stops early when matches are
 * common, but tests tens of thousands of rows for a rarer phrase (song titles with 'the golden':
 * 74,000 rows, 22 ms); fetching every match through the GIN index and sorting them costs in
 * proportion to the matches (2,700 rows, 4 ms). PostgreSQL's own choice between them underrates
 * the walk's tests, so the planner's row estimate decides here, and `offset 0` keeps the sort
 * outside the fetch when there are few.
 */
async function postgresWindow(
  db: Db,
  options: PostgresWindowOptions,
  condition: RawBuilder<boolean>,
  hit: 0 | 1,
): Promise<RawBuilder<unknown>> {
  const { from, id, rankColumns, rankOrder, order, window, table } = options;
  const [matches, rows] = await Promise.all([estimatedMatches(db, from, condition), tableRows(db, table)]);
  if (matches <= FEW_MATCHES_PER_ROOT * Math.sqrt(rows)) {
    return sql`select id, ${sql.lit(hit)} as hit from (
        select ${id} as id, ${rankColumns} from ${from} where ${condition} offset 0
      ) m order by ${rankOrder} limit ${window}`;
  }
  return sql`select ${id} as id, ${sql.lit(hit)} as hit from ${from} where ${condition} order by ${order} limit ${window}`;
}

/** PostgreSQL: each window is a top-N by popularity over the matching rows of words. */
async function postgresPlan(
  db: Db,
  options: PostgresWindowOptions & {
    /** Every word matches somewhere (indexed). */
    match: RawBuilder<boolean>;
    /** Every word matches in the first field: a `hit` (indexed; implies `match`). */
    fieldMatch: RawBuilder<boolean> | null;
    pageEnd: number;
  },
): Promise<SearchPlan> {
  const { from, match, fieldMatch } = options;
  const matches = sql`select 1 from ${from} where ${match}`;
  if (!fieldMatch) return { candidates: await postgresWindow(db, options, match, 1), matches };
  const [fieldWindow, fills] = await Promise.all([
    postgresWindow(db, options, fieldMatch, 1),
    fieldFillsPage(db, sql`select 1 from ${from} where ${fieldMatch}`, options.pageEnd),
  ]);
  if (fills) return { candidates: fieldWindow, matches };
  const anyWindow = await postgresWindow(db, options, match, 0);
  return {
    candidates: sql`select id, max(hit) as hit from ((${fieldWindow}) union all (${anyWindow})) w group by id`,
    matches,
  };
}

async function cappedCount(db: Db, matches: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`${planned}
    select count(*) as total from (${matches} limit ${SEARCH_TOTAL_MAX}) m`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export async function searchAlbums(
  db: Db,
  dialect: Dialect,
  q: string,
  by: 'album' | 'artist',
  page: SearchPage,
): Promise<SearchHits<SummaryRow>> {
  const words = queryWords(q);
  if (words.length === 0) return { rows: [], total: 0 };
  const window = Math.max(SEARCH_WINDOW, page.offset + page.limit);
  const albumText = sql.ref('a.search_text');
  const artistText = sql.ref('ar.search_text');
  let plan: SearchPlan;
  if (dialect === 'sqlite') {
    plan = await sqlitePlan(db, 'album_fts', await ftsWordExpressions(db, words), {
      field: by === 'artist' ? 'artist' : 'title',
      fieldOnly: by === 'artist',
      window,
      pageEnd: page.offset + page.limit,
    });
  } else {
    const query = await tsQuery(db, words);
    const matching = (column: 'words' | 'title' | 'artist') =>
      sql<boolean>`${sql.ref(`s.${column}`)} @@ ${query}::tsquery`;
    plan = await postgresPlan(db, {
      from: sql`album_search s`,
      id: sql`s.album_id`,
      match: matching(by === 'artist' ? 'artist' : 'words'),
      fieldMatch: by === 'artist' ? null : matching('title'),
      rankColumns: sql`s.popularity as p, s.album_id as aid`,
      rankOrder: sql`p desc, aid desc`,
      order: sql`s.popularity desc, s.album_id desc`,
      window,
      table: 'album_search',
      pageEnd: page.offset + page.limit,
    });
  }
  // An artist search ranks by the artist's name, the only field of artists.search_text.
  const rank = tier(dialect, by === 'artist' ? artistText : albumText, words.join(' '), sql`c.hit = 1`);
  // Ranked on the narrow columns first; only the page's rows are then read in full. The count
  // runs beside it, on a connection of its own where the pool has one.
  const [{ rows }, total] = await Promise.all([
    sql<SummaryRow>`${planned}
    select a.id, a.title, a.artist_id, a.artist_name, a.release_date, a.genre, a.cover_url,
      (select s.listeners from album_stats s where s.album_id = a.id) as listeners,
      (select s.listener_tenths from album_stats s where s.album_id = a.id) as listener_tenths
    from (
      select a.id, ${rank} as tier, a.popularity as p
      from (${plan.candidates}) c
      join albums a on a.id = c.id
      ${by === 'artist' ? sql`join artists ar on ar.id = a.artist_id` : sql``}
      order by tier, p desc, a.id desc
      limit ${page.limit} offset ${page.offset}
    ) r
    join albums a on a.id = r.id
    order by r.tier, r.p desc, r.id desc`.execute(db),
    cappedCount(db, plan.matches),
  ]);
  return { rows, total };
}

export async function searchTracks(
  db: Db,
  dialect: Dialect,
  q: string,
  page: SearchPage,
): Promise<SearchHits<SongRow>> {
  const words = queryWords(q);
  if (words.length === 0) return { rows: [], total: 0 };
  const window = Math.max(SEARCH_WINDOW, page.offset + page.limit);
  const trackText = sql.ref('t.search_text');
  let plan: SearchPlan;
  if (dialect === 'sqlite') {
    plan = await sqlitePlan(db, 'track_fts', await ftsWordExpressions(db, words), {
      field: 'title',
      fieldOnly: false,
      window,
      pageEnd: page.offset + page.limit,
    });
  } else {
    const query = await tsQuery(db, words);
    plan = await postgresPlan(db, {
      // Search rows carry their album's popularity: no join to rank them.
      from: sql`track_search s`,
      id: sql`s.track_id`,
      match: sql<boolean>`s.words @@ ${query}::tsquery`,
      fieldMatch: sql<boolean>`s.title @@ ${query}::tsquery`,
      rankColumns: sql`s.popularity as p, s.album_id as aid, s.position as pos`,
      rankOrder: sql`p desc, aid desc, pos`,
      order: sql`s.popularity desc, s.album_id desc, s.position`,
      window,
      table: 'track_search',
      pageEnd: page.offset + page.limit,
    });
  }
  // Ranked on the track rows alone; the page's rows then get their album's names.
  const [{ rows }, total] = await Promise.all([
    sql<SongRow>`${planned}
    select t.id, t.title, a.artist_id, a.artist_name, a.id as album_id, a.cover_url
    from (
      select t.id, ${tier(dialect, trackText, words.join(' '), sql`c.hit = 1`)} as tier,
        t.popularity as p, t.album_id as aid, t.position as pos
      from (${plan.candidates}) c
      join tracks t on t.id = c.id
      order by tier, p desc, aid desc, pos
      limit ${page.limit} offset ${page.offset}
    ) r
    join tracks t on t.id = r.id
    join albums a on a.id = t.album_id
    order by r.tier, r.p desc, r.aid desc, r.pos`.execute(db),
    cappedCount(db, plan.matches),
  ]);
  return { rows, total };
}
