import { createHash } from 'node:crypto';
import { type AlbumSummary, SEARCH_TOTAL_MAX, type Song } from '@liner/shared';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { albumImageUrl as imageUrlOf } from '../../lib/album-image.ts';
import { searchField, searchWords } from './search-text.ts';

/**
 * Every catalogue query, on both dialects. Functions take the database or a transaction first.
 * Search is the one dialect-specific part (see migration 003): FTS5 on SQLite, pg_trgm on
 * PostgreSQL, both over the same folded `search_text`, with the same meaning: every query word
 * must start a word of the album (title, artist, track titles) or of the track (title, artist).
 */

export type AlbumSource = 'seed' | 'musicbrainz' | 'spotify' | 'generated';

export interface CatalogAlbumInput {
  id: string;
  title: string;
  artistName: string;
  releaseDate: string | null;
  genre: string | null;
  popularity: number;
  source: AlbumSource;
  externalId?: string | null;
  coverUrl?: string | null;
  /** In album order; positions are 1-based and assigned from this order. */
  tracks: Array<{ title: string; durationMs: number | null }>;
}

export interface SummaryRow {
  id: string;
  title: string;
  artist_name: string;
  release_date: string | null;
  genre: string | null;
  cover_url: string | null;
}

export interface AlbumRow extends SummaryRow {
  ratings_count: number | null;
  ratings_sum: number | null;
}

export interface TrackRow {
  id: string;
  position: number;
  title: string;
  duration_ms: number | null;
}

export interface SongRow {
  id: string;
  title: string;
  artist_name: string;
  album_id: string;
  cover_url: string | null;
}

/** Largest number of tracks an album may have: track_fts rowids are album key × 4096 + position. */
export const MAX_TRACKS = 4095;
const TRACK_KEY_SPAN = 4096;

/**
 * Bayesian prior weights (DESIGN.md, Data): how many ratings at the global mean every album and
 * song starts with. An album's count is of song ratings, about ten per listener, hence the larger C.
 */
export const ALBUM_PRIOR_WEIGHT = 10;
export const SONG_PRIOR_WEIGHT = 3;

/** The query words that count; more than this many words adds cost and nothing a person needs. */
const MAX_QUERY_WORDS = 8;

const SUMMARY_COLUMNS = [
  'albums.id',
  'albums.title',
  'albums.artist_name',
  'albums.release_date',
  'albums.genre',
  'albums.cover_url',
] as const;

export function albumImageUrl(row: { id: string; cover_url: string | null }): string {
  return imageUrlOf(row.id, row.cover_url);
}

export function toAlbumSummary(row: SummaryRow): AlbumSummary {
  return {
    id: row.id,
    name: row.title,
    artistName: row.artist_name,
    imageUrl: albumImageUrl(row),
    releaseDate: row.release_date,
    genre: row.genre,
  };
}

export function toSong(row: SongRow): Song {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist_name,
    img: albumImageUrl({ id: row.album_id, cover_url: row.cover_url }),
    albumId: row.album_id,
  };
}

export function artistIdFor(name: string): string {
  const slug = searchWords(name).join('-');
  return slug || `artist-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

export function trackIdFor(albumId: string, position: number): string {
  return `${albumId}-${position}`;
}

function sortName(name: string): string {
  const match = /^(the|a|an)\s+(.+)$/i.exec(name.trim());
  return match ? `${match[2]}, ${match[1]}` : name.trim();
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function hasAlbums(db: Db): Promise<boolean> {
  return (await db.selectFrom('albums').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function findAlbum(db: Db, id: string): Promise<AlbumRow | undefined> {
  return db
    .selectFrom('albums')
    .leftJoin('album_stats', 'album_stats.album_id', 'albums.id')
    .select([...SUMMARY_COLUMNS, 'album_stats.ratings_count', 'album_stats.ratings_sum'])
    .where('albums.id', '=', id)
    .executeTakeFirst();
}

export async function findTracks(db: Db, albumId: string): Promise<TrackRow[]> {
  return db
    .selectFrom('tracks')
    .select(['id', 'position', 'title', 'duration_ms'])
    .where('album_id', '=', albumId)
    .orderBy('position')
    .execute();
}

export async function findAlbumForCover(
  db: Db,
  id: string,
): Promise<{ id: string; title: string; artist_name: string } | undefined> {
  return db.selectFrom('albums').select(['id', 'title', 'artist_name']).where('id', '=', id).executeTakeFirst();
}

/** The ids of albums already stored for these external ids, by external id. */
export async function findAlbumIdsByExternalId(
  db: Db,
  source: AlbumSource,
  externalIds: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(externalIds)], 1000)) {
    const rows = await db
      .selectFrom('albums')
      .select(['id', 'external_id'])
      .where('source', '=', source)
      .where('external_id', 'in', part)
      .execute();
    for (const row of rows) if (row.external_id) found.set(row.external_id, row.id);
  }
  return found;
}

/** Summaries of these albums, in the order of `ids`; unknown ids are left out. */
export async function findAlbumSummaries(db: Db, ids: string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('albums').select(SUMMARY_COLUMNS).where('albums.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An album as saveAlbums takes it back (without tracks), with where it came from. */
export async function findAlbumInput(
  db: Db,
  id: string,
): Promise<(CatalogAlbumInput & { coverUrl: string | null }) | undefined> {
  const row = await db
    .selectFrom('albums')
    .select(['id', 'title', 'artist_name', 'release_date', 'genre', 'popularity', 'source', 'external_id', 'cover_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    artistName: row.artist_name,
    releaseDate: row.release_date,
    genre: row.genre,
    popularity: row.popularity,
    source: row.source as AlbumSource,
    externalId: row.external_id,
    coverUrl: row.cover_url,
    tracks: [],
  };
}

/** Released albums, newest first. Albums without a date, or dated in the future, are left out. */
export async function listNewReleases(
  db: Db,
  page: { limit: number; offset: number; today: string },
): Promise<SummaryRow[]> {
  return (
    db
      .selectFrom('albums')
      .select(SUMMARY_COLUMNS)
      .where('release_date', 'is not', null)
      .where('release_date', '<=', page.today)
      // Both columns descending: albums_release_idx answers it backwards, without a sort.
      .orderBy('release_date', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
  );
}

interface Ranked<T> {
  row: T;
  score: number;
  popularity: number;
  id: string;
}

/** Higher score first, then the more popular album, then a stable id order. */
function byRank<T>(a: Ranked<T>, b: Ranked<T>): number {
  const diff = b.score - a.score;
  if (Math.abs(diff) > 1e-9) return diff;
  if (a.popularity !== b.popularity) return b.popularity - a.popularity;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Top albums: the Bayesian mean (C·m + sum) / (C + n) of every rated album, where m is the mean of
 * all ratings; an album nobody has rated scores m. Ties, and so every unrated album, go by
 * popularity. Two bounded queries (the best rated albums, the most popular unrated ones) hold the
 * top `limit` of the union, so the cost does not grow with the catalogue.
 */
export interface RatingTotals {
  count: number;
  sum: number;
}

/** All ratings counted in album_stats or track_stats: the global mean m of the Bayesian mean. */
export async function ratingTotals(db: Db, of: 'album_stats' | 'track_stats'): Promise<RatingTotals> {
  const totals = await db
    .selectFrom(of)
    .select([
      sql<number>`coalesce(sum(ratings_count), 0)`.as('count'),
      sql<number>`coalesce(sum(ratings_sum), 0)`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(totals.count), sum: Number(totals.sum) };
}

export async function topAlbums(db: Db, limit: number, totals?: RatingTotals): Promise<SummaryRow[]> {
  const { count, sum } = totals ?? (await ratingTotals(db, 'album_stats'));
  const mean = count > 0 ? sum / count : 0;
  const candidates: Ranked<SummaryRow>[] = [];
  if (count > 0) {
    const prior = ALBUM_PRIOR_WEIGHT * mean;
    const rated = await db
      .selectFrom('album_stats')
      .innerJoin('albums', 'albums.id', 'album_stats.album_id')
      .select([...SUMMARY_COLUMNS, 'albums.popularity', 'album_stats.ratings_count', 'album_stats.ratings_sum'])
      .where('album_stats.ratings_count', '>', 0)
      .orderBy(
        sql`(cast(${prior} as double precision) + album_stats.ratings_sum) / (cast(${ALBUM_PRIOR_WEIGHT} as double precision) + album_stats.ratings_count)`,
        'desc',
      )
      .orderBy('albums.popularity', 'desc')
      .orderBy('albums.id', 'desc')
      .limit(limit)
      .execute();
    for (const row of rated) {
      const score = (prior + row.ratings_sum) / (ALBUM_PRIOR_WEIGHT + row.ratings_count);
      candidates.push({ row, score, popularity: row.popularity, id: row.id });
    }
  }
  const unrated = await db
    .selectFrom('albums')
    .select([...SUMMARY_COLUMNS, 'albums.popularity'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('album_stats')
            .select('album_stats.album_id')
            .whereRef('album_stats.album_id', '=', 'albums.id')
            .where('album_stats.ratings_count', '>', 0),
        ),
      ),
    )
    // Both descending: albums_popularity_idx (popularity, id) read backwards, stopping at `limit`.
    .orderBy('albums.popularity', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(limit)
    .execute();
  for (const row of unrated) candidates.push({ row, score: mean, popularity: row.popularity, id: row.id });
  return candidates
    .sort(byRank)
    .slice(0, limit)
    .map(({ row }) => ({
      id: row.id,
      title: row.title,
      artist_name: row.artist_name,
      release_date: row.release_date,
      genre: row.genre,
      cover_url: row.cover_url,
    }));
}

/**
 * Top songs, the same way over track_stats. Where nobody has rated, each of the most popular
 * albums lends its opening track, so the carousel is not one album's track list.
 */
export async function topSongs(db: Db, limit: number, totals?: RatingTotals): Promise<SongRow[]> {
  const { count, sum } = totals ?? (await ratingTotals(db, 'track_stats'));
  const mean = count > 0 ? sum / count : 0;
  const songColumns = [
    'tracks.id',
    'tracks.title',
    'albums.artist_name',
    'albums.id as album_id',
    'albums.cover_url',
    'albums.popularity',
  ] as const;
  const candidates: Ranked<SongRow>[] = [];
  if (count > 0) {
    const prior = SONG_PRIOR_WEIGHT * mean;
    const rated = await db
      .selectFrom('track_stats')
      .innerJoin('tracks', 'tracks.id', 'track_stats.track_id')
      .innerJoin('albums', 'albums.id', 'tracks.album_id')
      .select([...songColumns, 'track_stats.ratings_count', 'track_stats.ratings_sum'])
      .where('track_stats.ratings_count', '>', 0)
      .orderBy(
        sql`(cast(${prior} as double precision) + track_stats.ratings_sum) / (cast(${SONG_PRIOR_WEIGHT} as double precision) + track_stats.ratings_count)`,
        'desc',
      )
      .orderBy('albums.popularity', 'desc')
      .orderBy('tracks.id', 'desc')
      .limit(limit)
      .execute();
    for (const row of rated) {
      const score = (prior + row.ratings_sum) / (SONG_PRIOR_WEIGHT + row.ratings_count);
      candidates.push({ row, score, popularity: row.popularity, id: row.id });
    }
  }
  const unrated = await db
    .selectFrom('albums')
    .innerJoin('tracks', (join) => join.onRef('tracks.album_id', '=', 'albums.id').on('tracks.position', '=', 1))
    .select(songColumns)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('track_stats')
            .select('track_stats.track_id')
            .whereRef('track_stats.track_id', '=', 'tracks.id')
            .where('track_stats.ratings_count', '>', 0),
        ),
      ),
    )
    .orderBy('albums.popularity', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(limit)
    .execute();
  for (const row of unrated) candidates.push({ row, score: mean, popularity: row.popularity, id: row.id });
  return candidates
    .sort(byRank)
    .slice(0, limit)
    .map(({ row }) => ({
      id: row.id,
      title: row.title,
      artist_name: row.artist_name,
      album_id: row.album_id,
      cover_url: row.cover_url,
    }));
}

// ---------------------------------------------------------------------------------------------
// Search

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

/** FTS5 query: every word as a prefix ("dark sid" → "dark"* "sid"*, an implicit AND). */
function ftsQuery(words: string[], column?: string): string {
  const terms = words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ');
  return column ? `{${column}} : (${terms})` : terms;
}

/** pg_trgm: every word starts a word of the text; the GIN index answers LIKEs on search_text. */
function likeAll(column: RawBuilder<unknown>, words: string[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    words.map((w) => sql`${column} like ${`% ${w}%`}`),
    sql` and `,
  )})`;
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

/** SQLite: FTS5 yields rows in rowid order, which is popularity order (see migration 003). */
function sqlitePlan(
  table: 'album_fts' | 'track_fts',
  words: string[],
  options: { field: 'title' | 'artist'; fieldOnly: boolean; window: number },
): SearchPlan {
  const fts = sql.table(table);
  const id = sql.ref(table === 'album_fts' ? 'album_id' : 'track_id');
  const inField = ftsQuery(words, options.field);
  const fieldWindow = sql`select * from (select ${id} as id, 1 as hit from ${fts}(${inField}) order by rowid limit ${options.window})`;
  if (options.fieldOnly) return { candidates: fieldWindow, matches: sql`select 1 from ${fts}(${inField})` };
  const anyWindow = sql`select * from (select ${id} as id, 0 as hit from ${fts}(${ftsQuery(words)}) order by rowid limit ${options.window})`;
  return {
    candidates: sql`select id, max(hit) as hit from (${fieldWindow} union all ${anyWindow}) w group by id`,
    matches: sql`select 1 from ${fts}(${ftsQuery(words)})`,
  };
}

/** PostgreSQL: each window is a top-N by popularity over the trigram-indexed matches. */
function postgresPlan(options: {
  from: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  /** Every word matches somewhere (indexed). */
  match: RawBuilder<boolean>;
  /** Every word matches in the first field: a `hit` (indexed; implies `match`). */
  fieldMatch: RawBuilder<boolean> | null;
  order: RawBuilder<unknown>;
  window: number;
}): SearchPlan {
  const { from, id, match, fieldMatch, order, window } = options;
  const matches = sql`select 1 from ${from} where ${match}`;
  if (!fieldMatch) {
    return {
      candidates: sql`select ${id} as id, 1 as hit from ${from} where ${match} order by ${order} limit ${window}`,
      matches,
    };
  }
  return {
    candidates: sql`select id, max(hit) as hit from (
        (select ${id} as id, 1 as hit from ${from} where ${fieldMatch} order by ${order} limit ${window})
        union all
        (select ${id} as id, 0 as hit from ${from} where ${match} order by ${order} limit ${window})
      ) w group by id`,
    matches,
  };
}

async function cappedCount(db: Db, matches: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`
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
  const order = sql`a.popularity desc, a.id desc`;
  let plan: SearchPlan;
  if (dialect === 'sqlite') {
    plan = sqlitePlan('album_fts', words, {
      field: by === 'artist' ? 'artist' : 'title',
      fieldOnly: by === 'artist',
      window,
    });
  } else if (by === 'artist') {
    const match = likeAll(sql`(' ' || split_part(substr(a.search_text, 2), ' | ', 2))`, words);
    plan = postgresPlan({ from: sql`albums a`, id: sql`a.id`, match, fieldMatch: null, order, window });
  } else {
    const fieldMatch = likeAll(titleField(dialect, albumText), words);
    plan = postgresPlan({
      from: sql`albums a`,
      id: sql`a.id`,
      match: likeAll(albumText, words),
      fieldMatch,
      order,
      window,
    });
  }
  // An artist search ranks by the artist's name, the only field of artists.search_text.
  const rank = tier(dialect, by === 'artist' ? artistText : albumText, words.join(' '), sql`c.hit = 1`);
  const { rows } = await sql<SummaryRow>`
    select a.id, a.title, a.artist_name, a.release_date, a.genre, a.cover_url
    from (${plan.candidates}) c
    join albums a on a.id = c.id
    join artists ar on ar.id = a.artist_id
    order by ${rank}, a.popularity desc, a.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return { rows, total: await cappedCount(db, plan.matches) };
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
  const plan =
    dialect === 'sqlite'
      ? sqlitePlan('track_fts', words, { field: 'title', fieldOnly: false, window })
      : postgresPlan({
          from: sql`tracks t join albums a on a.id = t.album_id`,
          id: sql`t.id`,
          match: likeAll(trackText, words),
          fieldMatch: likeAll(titleField(dialect, trackText), words),
          order: sql`a.popularity desc, a.id desc, t.position`,
          window,
        });
  const { rows } = await sql<SongRow>`
    select t.id, t.title, a.artist_name, a.id as album_id, a.cover_url
    from (${plan.candidates}) c
    join tracks t on t.id = c.id
    join albums a on a.id = t.album_id
    order by ${tier(dialect, trackText, words.join(' '), sql`c.hit = 1`)}, a.popularity desc, a.id desc, t.position
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return { rows, total: await cappedCount(db, plan.matches) };
}

// ---------------------------------------------------------------------------------------------
// Writes

export interface SaveResult {
  inserted: number;
  updated: number;
  skipped: number;
}

/**
 * A multi-row insert compiled by hand: bulk loads write a million rows, and building Kysely's
 * query tree for each would cost more than SQLite spends storing them. Table and column names are
 * our constants; every value is a bound parameter.
 */
async function insertRows(
  db: Db,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rows: unknown[][],
  suffix = '',
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  // Under both drivers' bound-parameter limits (SQLite 32766, PostgreSQL 65535).
  const perStatement = Math.floor(30_000 / columns.length);
  for (const part of chunks(rows, perStatement)) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (dialect === 'sqlite' ? '?' : `$${++n}`)).join(', ')})`;
    const values = part.map(tuple).join(', ');
    const text = `insert into ${table} (${columns.join(', ')}) values ${values} ${suffix}`;
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, part.flat()));
    out.push(...result.rows);
  }
  return out;
}

/**
 * Writes albums with their artists and tracks, and their search entries. Albums whose id exists
 * are skipped, or with `update` rewritten from the input (tracks past the new last position are
 * removed). Run it inside a transaction: it writes several tables.
 */
export async function saveAlbums(
  db: Db,
  dialect: Dialect,
  albums: CatalogAlbumInput[],
  options: { mode: 'skip' | 'update'; now?: string },
): Promise<SaveResult> {
  const result: SaveResult = { inserted: 0, updated: 0, skipped: 0 };
  if (albums.length === 0) return result;
  const now = options.now ?? new Date().toISOString();
  const unique = [...new Map(albums.map((a) => [a.id, a])).values()];
  const existing = new Set<string>();
  for (const part of chunks(unique, 1000)) {
    const rows = await db
      .selectFrom('albums')
      .select('id')
      .where(
        'id',
        'in',
        part.map((a) => a.id),
      )
      .execute();
    for (const row of rows) existing.add(row.id);
  }

  const prepared = unique.map((album) => prepareAlbum(album, now));
  const artists = new Map<string, unknown[]>();
  for (const { input, row, folded } of prepared) {
    if (!artists.has(row.artist_id)) {
      artists.set(row.artist_id, [row.artist_id, input.artistName, sortName(input.artistName), ` ${folded.artist}`]);
    }
  }
  await insertRows(
    db,
    dialect,
    'artists',
    ['id', 'name', 'sort_name', 'search_text'],
    [...artists.values()],
    'on conflict (id) do nothing',
  );

  const fresh = prepared.filter((p) => !existing.has(p.row.id));
  const stale = options.mode === 'update' ? prepared.filter((p) => existing.has(p.row.id)) : [];
  result.skipped = prepared.length - fresh.length - stale.length;

  const albumColumns = Object.keys(fresh[0]?.row ?? {});
  const inserted = new Set(
    (
      await insertRows(
        db,
        dialect,
        'albums',
        albumColumns,
        fresh.map((p) => Object.values(p.row)),
        // Another instance seeding at the same moment may have written the same album.
        'on conflict (id) do nothing returning id',
      )
    ).map((row) => String(row.id)),
  );
  result.skipped += fresh.length - inserted.size;
  result.inserted = inserted.size;
  const written = fresh.filter((p) => inserted.has(p.row.id));
  await insertRows(
    db,
    dialect,
    'tracks',
    TRACK_COLUMNS,
    written.flatMap((p) => p.tracks.map((t) => TRACK_COLUMNS.map((c) => t[c]))),
    'on conflict (id) do nothing',
  );

  for (const album of stale) {
    const { id, ...changes } = album.row;
    await db
      .updateTable('albums')
      .set({
        title: changes.title,
        artist_id: changes.artist_id,
        artist_name: changes.artist_name,
        release_date: changes.release_date,
        genre: changes.genre,
        popularity: changes.popularity,
        search_text: changes.search_text,
        ...(album.input.coverUrl !== undefined ? { cover_url: changes.cover_url } : {}),
      })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('tracks').where('album_id', '=', id).where('position', '>', album.tracks.length).execute();
    await db
      .insertInto('tracks')
      .values(album.tracks)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          duration_ms: eb.ref('excluded.duration_ms'),
          search_text: eb.ref('excluded.search_text'),
        })),
      )
      .execute();
  }
  result.updated = stale.length;

  if (dialect === 'sqlite') await indexAlbumsSqlite(db, [...written, ...stale]);
  return result;
}

const TRACK_COLUMNS = ['id', 'album_id', 'position', 'title', 'duration_ms', 'search_text'] as const;

interface PreparedAlbum {
  input: CatalogAlbumInput;
  row: {
    id: string;
    title: string;
    artist_id: string;
    artist_name: string;
    release_date: string | null;
    genre: string | null;
    cover_url: string | null;
    source: AlbumSource;
    external_id: string | null;
    popularity: number;
    created_at: string;
    search_text: string;
  };
  tracks: Array<{
    id: string;
    album_id: string;
    position: number;
    title: string;
    duration_ms: number | null;
    search_text: string;
  }>;
  /** Each field folded once, for search_text and the FTS rows alike. */
  folded: { title: string; artist: string; tracks: string[] };
}

function prepareAlbum(album: CatalogAlbumInput, now: string): PreparedAlbum {
  if (album.tracks.length > MAX_TRACKS) throw new Error(`Album ${album.id} has more than ${MAX_TRACKS} tracks`);
  const folded = {
    title: searchField(album.title),
    artist: searchField(album.artistName),
    tracks: album.tracks.map((track) => searchField(track.title)),
  };
  const artistId = folded.artist.replaceAll(' ', '-') || artistIdFor(album.artistName);
  return {
    input: album,
    row: {
      id: album.id,
      title: album.title,
      artist_id: artistId,
      artist_name: album.artistName,
      release_date: album.releaseDate,
      genre: album.genre,
      cover_url: album.coverUrl ?? null,
      source: album.source,
      external_id: album.externalId ?? null,
      popularity: album.popularity,
      created_at: now,
      search_text: ` ${[folded.title, folded.artist, ...folded.tracks].join(' | ')}`,
    },
    tracks: album.tracks.map((track, i) => ({
      id: trackIdFor(album.id, i + 1),
      album_id: album.id,
      position: i + 1,
      title: track.title,
      duration_ms: track.durationMs,
      search_text: ` ${folded.tracks[i]} | ${folded.artist}`,
    })),
    folded,
  };
}

/** SQLite search keys: popularity bucket, then a sequence (see migration 003). */
const KEY_BUCKET = 2 ** 30;

function popularityBucket(popularity: number): number {
  return 100 - Math.min(100, Math.max(0, Math.round(popularity)));
}

/**
 * SQLite: (re)writes the FTS rows of these albums and their tracks. An album keeps its key while
 * its popularity bucket holds; otherwise its rows move to a new key.
 */
async function indexAlbumsSqlite(db: Db, albums: PreparedAlbum[]): Promise<void> {
  if (albums.length === 0) return;
  const old = new Map<string, number>();
  for (const part of chunks(albums, 2000)) {
    const { rows } = await sql<{ key: number; album_id: string }>`
      select key, album_id from album_search_keys where album_id in (${sql.join(part.map((a) => a.row.id))})`.execute(
      db,
    );
    for (const row of rows) old.set(row.album_id, row.key);
  }
  const keys = new Map<string, number>();
  const next = new Map<number, number>();
  const rekeyed: Array<[number, string]> = [];
  for (const { row } of albums) {
    const bucket = popularityBucket(row.popularity);
    const previous = old.get(row.id);
    if (previous !== undefined) {
      await sql`delete from album_fts where rowid = ${previous}`.execute(db);
      await sql`delete from track_fts where rowid >= ${previous * TRACK_KEY_SPAN}
        and rowid < ${(previous + 1) * TRACK_KEY_SPAN}`.execute(db);
      if (Math.floor(previous / KEY_BUCKET) === bucket) {
        keys.set(row.id, previous);
        continue;
      }
      await sql`delete from album_search_keys where key = ${previous}`.execute(db);
    }
    let key = next.get(bucket);
    if (key === undefined) {
      const { rows } = await sql<{ last: number | null }>`
        select max(key) as last from album_search_keys
        where key >= ${bucket * KEY_BUCKET} and key < ${(bucket + 1) * KEY_BUCKET}`.execute(db);
      key = (rows[0]?.last ?? bucket * KEY_BUCKET) + 1;
    }
    next.set(bucket, key + 1);
    keys.set(row.id, key);
    rekeyed.push([key, row.id]);
  }
  await insertRows(db, 'sqlite', 'album_search_keys', ['key', 'album_id'], rekeyed);
  // FTS5 flushes its pending index whenever a rowid is not above the previous one: in rowid order
  // a batch is indexed in one pass.
  const byKey = albums.map((album) => ({ album, key: keys.get(album.row.id) ?? 0 })).sort((a, b) => a.key - b.key);
  await insertRows(
    db,
    'sqlite',
    'album_fts',
    ['rowid', 'album_id', 'title', 'artist', 'tracks'],
    byKey.map(({ album: { row, folded }, key }) => [key, row.id, folded.title, folded.artist, folded.tracks.join(' ')]),
  );
  await insertRows(
    db,
    'sqlite',
    'track_fts',
    ['rowid', 'track_id', 'title', 'artist'],
    byKey.flatMap(({ album: { tracks, folded }, key }) =>
      tracks.map((track, i) => [key * TRACK_KEY_SPAN + track.position, track.id, folded.tracks[i], folded.artist]),
    ),
  );
}

/**
 * Before a bulk load: PostgreSQL drops the trigram indexes, which are much cheaper built once at
 * the end than kept up to date row by row; their definitions are handed back for finishBulkLoad.
 * SQLite writes its FTS rows as it goes.
 */
export async function beginBulkLoad(db: Db, dialect: Dialect): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in ('albums', 'tracks', 'artists') and indexname like '%_trgm'`.execute(
    db,
  );
  for (const row of rows) await sql`drop index if exists ${sql.id(row.name)}`.execute(db);
  return rows.map((row) => row.definition);
}

/** After a bulk load: indexes rebuilt or merged, planner statistics refreshed. */
export async function finishBulkLoad(db: Db, dialect: Dialect, indexes: string[]): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`insert into album_fts (album_fts) values ('optimize')`.execute(db);
    await sql`insert into track_fts (track_fts) values ('optimize')`.execute(db);
    await sql`analyze`.execute(db);
    return;
  }
  for (const definition of indexes) await sql.raw(definition).execute(db);
  for (const table of ['artists', 'albums', 'tracks']) await sql`analyze ${sql.table(table)}`.execute(db);
}

/** How many generated albums exist: `catalog generate` numbers new ones after them. */
export async function countGeneratedAlbums(db: Db): Promise<number> {
  const row = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('source', '=', 'generated')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---------------------------------------------------------------------------------------------
// Community rating totals

export interface RatingDelta {
  albumId: string;
  trackId: string;
  /** The user's previous rating of the track in half stars (1–10), null when there was none. */
  oldRating: number | null;
  /** The new rating in half stars (1–10), null when it is cleared. */
  newRating: number | null;
}

function checkRating(value: number | null): number {
  if (value === null) return 0;
  if (!Number.isInteger(value) || value < 1 || value > 10) throw new RangeError(`Invalid rating ${value}`);
  return value;
}

/**
 * Moves album_stats and track_stats by one song rating's change. The ratings feature calls it in
 * the transaction that writes the rating, so the totals never drift from the ratings.
 */
export async function applyRatingDelta(db: Db, delta: RatingDelta): Promise<void> {
  const countDelta = (delta.newRating === null ? 0 : 1) - (delta.oldRating === null ? 0 : 1);
  const sumDelta = checkRating(delta.newRating) - checkRating(delta.oldRating);
  if (countDelta === 0 && sumDelta === 0) return;
  if (countDelta > 0) {
    await db
      .insertInto('album_stats')
      .values({ album_id: delta.albumId, ratings_count: countDelta, ratings_sum: sumDelta })
      .onConflict((oc) =>
        oc.column('album_id').doUpdateSet({
          ratings_count: sql`album_stats.ratings_count + ${countDelta}`,
          ratings_sum: sql`album_stats.ratings_sum + ${sumDelta}`,
        }),
      )
      .execute();
    await db
      .insertInto('track_stats')
      .values({ track_id: delta.trackId, album_id: delta.albumId, ratings_count: countDelta, ratings_sum: sumDelta })
      .onConflict((oc) =>
        oc.column('track_id').doUpdateSet({
          ratings_count: sql`track_stats.ratings_count + ${countDelta}`,
          ratings_sum: sql`track_stats.ratings_sum + ${sumDelta}`,
        }),
      )
      .execute();
    return;
  }
  // A changed or cleared rating was counted before, so its rows exist; the check constraints
  // refuse a total below zero.
  const album = await db
    .updateTable('album_stats')
    .set({
      ratings_count: sql`ratings_count + ${countDelta}`,
      ratings_sum: sql`ratings_sum + ${sumDelta}`,
    })
    .where('album_id', '=', delta.albumId)
    .executeTakeFirst();
  const track = await db
    .updateTable('track_stats')
    .set({
      ratings_count: sql`ratings_count + ${countDelta}`,
      ratings_sum: sql`ratings_sum + ${sumDelta}`,
    })
    .where('track_id', '=', delta.trackId)
    .executeTakeFirst();
  if (Number(album.numUpdatedRows) === 0 || Number(track.numUpdatedRows) === 0) {
    throw new Error(`No rating totals to lower for track ${delta.trackId}`);
  }
}

export async function findAlbumStats(db: Db, albumId: string) {
  return db.selectFrom('album_stats').selectAll().where('album_id', '=', albumId).executeTakeFirst();
}

export async function findTrackStats(db: Db, trackId: string) {
  return db.selectFrom('track_stats').selectAll().where('track_id', '=', trackId).executeTakeFirst();
}
