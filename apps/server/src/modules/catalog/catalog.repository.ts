import { createHash } from 'node:crypto';
import type { AlbumSummary, Song } from '@liner/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { generatedCoverUrl } from './cover.ts';
import { searchFields, searchText, searchWords } from './search-text.ts';

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
  return row.cover_url ?? generatedCoverUrl(row.id);
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
export async function topAlbums(db: Db, limit: number): Promise<SummaryRow[]> {
  const totals = await db
    .selectFrom('album_stats')
    .select([
      sql<number>`coalesce(sum(ratings_count), 0)`.as('count'),
      sql<number>`coalesce(sum(ratings_sum), 0)`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(totals.count);
  const mean = count > 0 ? Number(totals.sum) / count : 0;
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
export async function topSongs(db: Db, limit: number): Promise<SongRow[]> {
  const totals = await db
    .selectFrom('track_stats')
    .select([
      sql<number>`coalesce(sum(ratings_count), 0)`.as('count'),
      sql<number>`coalesce(sum(ratings_sum), 0)`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(totals.count);
  const mean = count > 0 ? Number(totals.sum) / count : 0;
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
  total: number;
}

type Position = (haystack: RawBuilder<unknown>, needle: string) => RawBuilder<number>;

function positionFn(dialect: Dialect): Position {
  return dialect === 'sqlite'
    ? (haystack, needle) => sql<number>`instr(${haystack}, ${needle})`
    : (haystack, needle) => sql<number>`strpos(${haystack}, ${needle})`;
}

/**
 * Best matches first: the whole first field (title) equals the query, then it starts with the
 * query, then the query starts a word inside it, then it starts another field (artist, a track
 * title), then any row where every word matched. Popularity orders each tier.
 */
function tier(dialect: Dialect, column: RawBuilder<unknown>, phrase: string): RawBuilder<number> {
  const position = positionFn(dialect)(column, ` ${phrase}`);
  const firstBreak = positionFn(dialect)(column, ' |');
  return sql<number>`case
    when ${column} like ${` ${phrase} |%`} or ${column} = ${` ${phrase}`} then 0
    when ${column} like ${` ${phrase}%`} then 1
    when ${position} > 0 and (${position} < ${firstBreak} or ${firstBreak} = 0) then 2
    when ${column} like ${`% | ${phrase}%`} then 3
    else 4 end`;
}

/** FTS5 query: every word as a prefix ("dark sid" → "dark"* "sid"*, an implicit AND). */
function ftsQuery(words: string[], column?: string): string {
  const terms = words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ');
  return column ? `{${column}} : (${terms})` : terms;
}

/** pg_trgm: every word starts a word of search_text; the GIN index answers each LIKE. */
function likeAll(column: RawBuilder<unknown>, words: string[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.join(
    words.map((w) => sql`${column} like ${`% ${w}%`}`),
    sql` and `,
  )}`;
}

function queryWords(q: string): string[] {
  return searchWords(q).slice(0, MAX_QUERY_WORDS);
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
  const phrase = words.join(' ');
  const albumText = sql.ref('a.search_text');
  const artistText = sql.ref('ar.search_text');
  const rank = by === 'artist' ? tier(dialect, artistText, phrase) : tier(dialect, albumText, phrase);
  const source =
    dialect === 'sqlite'
      ? sql`album_fts(${ftsQuery(words, by === 'artist' ? 'artist' : undefined)}) f
          join albums a on a.id = f.album_id join artists ar on ar.id = a.artist_id`
      : by === 'artist'
        ? sql`artists ar join albums a on a.artist_id = ar.id where ${likeAll(artistText, words)}`
        : sql`albums a join artists ar on ar.id = a.artist_id where ${likeAll(albumText, words)}`;
  const { rows } = await sql<SummaryRow & { total: number }>`
    select a.id, a.title, a.artist_name, a.release_date, a.genre, a.cover_url, count(*) over () as total
    from ${source}
    order by ${rank}, a.popularity desc, a.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  const total = rows[0]?.total ?? (page.offset > 0 ? await countRows(db, source) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total: Number(total) };
}

export async function searchTracks(
  db: Db,
  dialect: Dialect,
  q: string,
  page: SearchPage,
): Promise<SearchHits<SongRow>> {
  const words = queryWords(q);
  if (words.length === 0) return { rows: [], total: 0 };
  const trackText = sql.ref('t.search_text');
  const source =
    dialect === 'sqlite'
      ? sql`track_fts(${ftsQuery(words)}) f join tracks t on t.id = f.track_id join albums a on a.id = t.album_id`
      : sql`tracks t join albums a on a.id = t.album_id where ${likeAll(trackText, words)}`;
  const { rows } = await sql<SongRow & { total: number }>`
    select t.id, t.title, a.artist_name, a.id as album_id, a.cover_url, count(*) over () as total
    from ${source}
    order by ${tier(dialect, trackText, words.join(' '))}, a.popularity desc, a.id desc, t.position
    limit ${page.limit} offset ${page.offset}`.execute(db);
  const total = rows[0]?.total ?? (page.offset > 0 ? await countRows(db, source) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total: Number(total) };
}

/** The count of a search past its last page, where the page itself carries no total. */
async function countRows(db: Db, source: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from ${source}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Writes

export interface SaveResult {
  inserted: number;
  updated: number;
  skipped: number;
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

  const artists = new Map<string, { id: string; name: string; sort_name: string; search_text: string }>();
  for (const album of unique) {
    const id = artistIdFor(album.artistName);
    if (!artists.has(id)) {
      artists.set(id, {
        id,
        name: album.artistName,
        sort_name: sortName(album.artistName),
        search_text: searchText([album.artistName]),
      });
    }
  }
  for (const part of chunks([...artists.values()], 2000)) {
    await db
      .insertInto('artists')
      .values(part)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  const prepared = unique.map((album) => prepareAlbum(album, now));
  const fresh = prepared.filter((p) => !existing.has(p.row.id));
  const stale = options.mode === 'update' ? prepared.filter((p) => existing.has(p.row.id)) : [];
  result.skipped = prepared.length - fresh.length - stale.length;

  const inserted = new Set<string>();
  for (const part of chunks(fresh, 1000)) {
    const rows = await db
      .insertInto('albums')
      .values(part.map((p) => p.row))
      // Another instance seeding at the same moment may have written the same album.
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    for (const row of rows) inserted.add(row.id);
  }
  result.skipped += fresh.length - inserted.size;
  result.inserted = inserted.size;
  const written = fresh.filter((p) => inserted.has(p.row.id));
  for (const part of chunks(
    written.flatMap((p) => p.tracks),
    4000,
  )) {
    await db
      .insertInto('tracks')
      .values(part)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

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
    for (const part of chunks(album.tracks, 4000)) {
      await db
        .insertInto('tracks')
        .values(part)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            duration_ms: eb.ref('excluded.duration_ms'),
            search_text: eb.ref('excluded.search_text'),
          })),
        )
        .execute();
    }
  }
  result.updated = stale.length;

  if (dialect === 'sqlite') await indexAlbumsSqlite(db, [...written, ...stale], stale.length > 0);
  return result;
}

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
}

function prepareAlbum(album: CatalogAlbumInput, now: string): PreparedAlbum {
  if (album.tracks.length > MAX_TRACKS) throw new Error(`Album ${album.id} has more than ${MAX_TRACKS} tracks`);
  return {
    input: album,
    row: {
      id: album.id,
      title: album.title,
      artist_id: artistIdFor(album.artistName),
      artist_name: album.artistName,
      release_date: album.releaseDate,
      genre: album.genre,
      cover_url: album.coverUrl ?? null,
      source: album.source,
      external_id: album.externalId ?? null,
      popularity: album.popularity,
      created_at: now,
      search_text: searchText([album.title, album.artistName, ...album.tracks.map((t) => t.title)]),
    },
    tracks: album.tracks.map((track, i) => ({
      id: trackIdFor(album.id, i + 1),
      album_id: album.id,
      position: i + 1,
      title: track.title,
      duration_ms: track.durationMs,
      search_text: searchText([track.title, album.artistName]),
    })),
  };
}

/** SQLite: (re)writes the FTS rows of these albums and their tracks. */
async function indexAlbumsSqlite(db: Db, albums: PreparedAlbum[], replace: boolean): Promise<void> {
  if (albums.length === 0) return;
  const keys = new Map<string, number>();
  for (const part of chunks(albums, 2000)) {
    await sql`insert into album_search_keys (album_id) values ${sql.join(part.map((a) => sql`(${a.row.id})`))}
      on conflict (album_id) do nothing`.execute(db);
    const { rows } = await sql<{ key: number; album_id: string }>`
      select key, album_id from album_search_keys where album_id in (${sql.join(part.map((a) => a.row.id))})`.execute(
      db,
    );
    for (const row of rows) keys.set(row.album_id, row.key);
  }
  const keyOf = (id: string) => {
    const key = keys.get(id);
    if (key === undefined) throw new Error(`No search key for album ${id}`);
    return key;
  };
  if (replace) {
    for (const album of albums) {
      const key = keyOf(album.row.id);
      await sql`delete from album_fts where rowid = ${key}`.execute(db);
      await sql`delete from track_fts where rowid >= ${key * TRACK_KEY_SPAN} and rowid < ${(key + 1) * TRACK_KEY_SPAN}`.execute(
        db,
      );
    }
  }
  for (const part of chunks(albums, 2000)) {
    await sql`insert into album_fts (rowid, album_id, title, artist, tracks) values ${sql.join(
      part.map((album) => {
        const [title = '', artist = '', ...tracks] = searchFields(album.row.search_text);
        return sql`(${keyOf(album.row.id)}, ${album.row.id}, ${title}, ${artist}, ${tracks.join(' ')})`;
      }),
    )}`.execute(db);
  }
  const tracks = albums.flatMap((album) =>
    album.tracks.map((track) => ({
      rowid: keyOf(album.row.id) * TRACK_KEY_SPAN + track.position,
      id: track.id,
      body: searchFields(track.search_text).join(' '),
    })),
  );
  for (const part of chunks(tracks, 5000)) {
    await sql`insert into track_fts (rowid, track_id, body) values ${sql.join(
      part.map((t) => sql`(${t.rowid}, ${t.id}, ${t.body})`),
    )}`.execute(db);
  }
}

/**
 * Before a bulk load: PostgreSQL drops the trigram indexes, which are much cheaper built once at
 * the end than kept up to date row by row. SQLite writes its FTS rows as it goes.
 */
export async function beginBulkLoad(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ['artists', 'albums', 'tracks']) {
    await sql`drop index if exists ${sql.id(`${table}_search_trgm`)}`.execute(db);
  }
}

/** After a bulk load: indexes rebuilt or merged, planner statistics refreshed. */
export async function finishBulkLoad(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`insert into album_fts (album_fts) values ('optimize')`.execute(db);
    await sql`insert into track_fts (track_fts) values ('optimize')`.execute(db);
    await sql`analyze`.execute(db);
    return;
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const opclass = sql.raw(`"${(rows[0]?.schema ?? 'public').replaceAll('"', '""')}".gin_trgm_ops`);
  for (const table of ['artists', 'albums', 'tracks']) {
    await sql`create index if not exists ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text ${opclass})`.execute(
      db,
    );
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
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
