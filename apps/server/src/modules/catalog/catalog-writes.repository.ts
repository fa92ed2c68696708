import { CompiledQuery, sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { AlbumTable, TrackTable } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import { searchField } from '../../lib/search-text.ts';
import {
  type AlbumSource,
  albumGenres,
  artistIdFor,
  type CatalogAlbumInput,
  MAX_TRACKS,
  TRACK_KEY_SPAN,
  trackIdFor,
} from './catalog.rows.ts';

/**
 * Catalogue writes: albums with their artists, tracks and search entries, in bulk. search_text is
 * the same on both dialects. Each dialect keeps its own search rows beside the catalogue's: FTS5 rows
 * keyed by popularity on SQLite (migrations 003 and 027), rows of words on PostgreSQL (migration
 * 028), whose GIN indexes are dropped and rebuilt around a bulk load. Both list every indexed word
 * in search_terms.
 */

function sortName(name: string): string {
  const match = /^(the|a|an)\s+(.+)$/i.exec(name.trim());
  return match ? `${match[2]}, ${match[1]}` : name.trim();
}

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
    const known = artists.get(row.artist_id);
    if (!known) {
      artists.set(row.artist_id, [
        row.artist_id,
        input.artistName,
        sortName(input.artistName),
        ` ${folded.artist}`,
        input.artistMbid ?? null,
      ]);
    } else if (known[4] === null && input.artistMbid) known[4] = input.artistMbid;
  }
  await insertRows(
    db,
    dialect,
    'artists',
    ['id', 'name', 'sort_name', 'search_text', 'mbid'],
    [...artists.values()],
    // An artist met again with its MusicBrainz id learns it.
    `on conflict (id) do update set mbid = excluded.mbid where artists.mbid is null and excluded.mbid is not null`,
  );
  const genres = new Map<string, string>();
  for (const { genres: own } of prepared)
    for (const genre of own) if (!genres.has(genre.slug)) genres.set(genre.slug, genre.name);
  await insertRows(db, dialect, 'genres', ['slug', 'name'], [...genres], 'on conflict (slug) do nothing');

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
    'album_genres',
    ['album_id', 'genre_slug', 'position'],
    written.flatMap((p) => p.genres.map((genre, position) => [p.row.id, genre.slug, position])),
    'on conflict do nothing',
  );
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
        primary_type: changes.primary_type,
        track_count: changes.track_count,
        runtime_ms: changes.runtime_ms,
        ...(album.input.mbid !== undefined ? { mbid: changes.mbid } : {}),
        ...(album.input.coverUrl !== undefined ? { cover_url: changes.cover_url } : {}),
      })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('album_genres').where('album_id', '=', id).execute();
    if (album.genres.length > 0) {
      await db
        .insertInto('album_genres')
        .values(album.genres.map((genre, position) => ({ album_id: id, genre_slug: genre.slug, position })))
        .execute();
    }
    await db.deleteFrom('tracks').where('album_id', '=', id).where('position', '>', album.tracks.length).execute();
    await db
      .insertInto('tracks')
      .values(album.tracks)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          duration_ms: eb.ref('excluded.duration_ms'),
          search_text: eb.ref('excluded.search_text'),
          popularity: eb.ref('excluded.popularity'),
          mbid: eb.fn.coalesce(eb.ref('excluded.mbid'), eb.ref('tracks.mbid')),
        })),
      )
      .execute();
  }
  result.updated = stale.length;

  const indexed = [...written, ...stale];
  if (dialect === 'sqlite') await indexAlbumsSqlite(db, indexed);
  else await indexAlbumsPostgres(db, indexed);
  await insertRows(
    db,
    dialect,
    'search_terms',
    ['term'],
    [...indexedWords(indexed)].map((term) => [term]),
    'on conflict (term) do nothing',
  );
  return result;
}

const TRACK_COLUMNS = [
  'id',
  'album_id',
  'position',
  'title',
  'duration_ms',
  'search_text',
  'popularity',
  'mbid',
] as const;

interface PreparedAlbum {
  input: CatalogAlbumInput;
  row: AlbumTable & { source: AlbumSource };
  tracks: TrackTable[];
  genres: Array<{ slug: string; name: string }>;
  /** Each field folded once, for search_text and the FTS rows alike. */
  folded: { title: string; artist: string; tracks: string[] };
}

/** The sum of the tracks' lengths, or null when any is unknown (a runtime that is not one). */
function runtimeOf(tracks: CatalogAlbumInput['tracks']): number | null {
  let total = 0;
  for (const track of tracks) {
    if (track.durationMs === null) return null;
    total += track.durationMs;
  }
  return total;
}

function prepareAlbum(album: CatalogAlbumInput, now: string): PreparedAlbum {
  const genres = albumGenres(album);
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
      genre: genres[0]?.name ?? album.genre,
      cover_url: album.coverUrl ?? null,
      source: album.source,
      external_id: album.externalId ?? null,
      popularity: album.popularity,
      created_at: now,
      search_text: ` ${[folded.title, folded.artist, ...folded.tracks].join(' | ')}`,
      primary_type: album.type ?? 'album',
      mbid: album.mbid ?? null,
      track_count: album.tracks.length,
      runtime_ms: runtimeOf(album.tracks),
    },
    genres,
    tracks: album.tracks.map((track, i) => ({
      id: trackIdFor(album.id, i + 1),
      album_id: album.id,
      position: i + 1,
      title: track.title,
      duration_ms: track.durationMs,
      search_text: ` ${folded.tracks[i]} | ${folded.artist}`,
      popularity: album.popularity,
      mbid: track.mbid ?? null,
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
      for (const table of ['album_fts', 'album_title_fts'] as const) {
        await sql`delete from ${sql.table(table)} where rowid = ${previous}`.execute(db);
      }
      for (const table of ['track_fts', 'track_title_fts'] as const) {
        await sql`delete from ${sql.table(table)} where rowid >= ${previous * TRACK_KEY_SPAN}
          and rowid < ${(previous + 1) * TRACK_KEY_SPAN}`.execute(db);
      }
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
  // The titles again, alone: a search's first window reads them (migration 027).
  await insertRows(
    db,
    'sqlite',
    'album_title_fts',
    ['rowid', 'album_id', 'title'],
    byKey.map(({ album: { row, folded }, key }) => [key, row.id, folded.title]),
  );
  await insertRows(
    db,
    'sqlite',
    'track_title_fts',
    ['rowid', 'track_id', 'title'],
    byKey.flatMap(({ album: { tracks, folded }, key }) =>
      tracks.map((track, i) => [key * TRACK_KEY_SPAN + track.position, track.id, folded.tracks[i]]),
    ),
  );
}

/** A tsvector's text form: each word quoted, so none is read as a weight or an operator. */
function tsvectorText(fields: string[]): string {
  const words = new Set(fields.flatMap((field) => field.split(' ')).filter(Boolean));
  return [...words].map((word) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' ');
}

/**
 * PostgreSQL: (re)writes the search rows of these albums and their tracks (migration 028). A track
 * removed from its album takes its row with it (a foreign key).
 */
async function indexAlbumsPostgres(db: Db, albums: PreparedAlbum[]): Promise<void> {
  if (albums.length === 0) return;
  await insertRows(
    db,
    'postgres',
    'album_search',
    ['album_id', 'popularity', 'words', 'title', 'artist'],
    albums.map(({ row, folded }) => [
      row.id,
      row.popularity,
      tsvectorText([folded.title, folded.artist, ...folded.tracks]),
      tsvectorText([folded.title]),
      tsvectorText([folded.artist]),
    ]),
    `on conflict (album_id) do update set popularity = excluded.popularity, words = excluded.words,
      title = excluded.title, artist = excluded.artist`,
  );
  await insertRows(
    db,
    'postgres',
    'track_search',
    ['track_id', 'album_id', 'position', 'popularity', 'words', 'title'],
    albums.flatMap(({ tracks, folded }) =>
      tracks.map((track, i) => [
        track.id,
        track.album_id,
        track.position,
        track.popularity,
        tsvectorText([folded.tracks[i] ?? '', folded.artist]),
        tsvectorText([folded.tracks[i] ?? '']),
      ]),
    ),
    `on conflict (track_id) do update set popularity = excluded.popularity, words = excluded.words,
      title = excluded.title`,
  );
}

/** Every word these albums give the FTS tables (their folded fields hold words one space apart). */
function indexedWords(albums: PreparedAlbum[]): Set<string> {
  const words = new Set<string>();
  for (const { folded } of albums) {
    for (const field of [folded.title, folded.artist, ...folded.tracks]) {
      for (const word of field.split(' ')) if (word) words.add(word);
    }
  }
  return words;
}

/**
 * Before a bulk load: PostgreSQL drops the search rows' GIN indexes, which are much cheaper built
 * once at the end than kept up to date row by row; their definitions are handed back for
 * finishBulkLoad. SQLite writes its FTS rows as it goes.
 */
export async function beginBulkLoad(db: Db, dialect: Dialect): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in ('album_search', 'track_search') and indexname like '%\\_gin'`.execute(
    db,
  );
  for (const row of rows) await sql`drop index if exists ${sql.id(row.name)}`.execute(db);
  return rows.map((row) => row.definition);
}

/** After a bulk load: indexes rebuilt or merged, planner statistics refreshed. */
export async function finishBulkLoad(db: Db, dialect: Dialect, indexes: string[]): Promise<void> {
  if (dialect === 'sqlite') {
    for (const table of ['album_fts', 'track_fts', 'album_title_fts', 'track_title_fts']) {
      await sql`insert into ${sql.table(table)} (${sql.ref(table)}) values ('optimize')`.execute(db);
    }
    await sql`analyze`.execute(db);
    return;
  }
  // Rebuilding a GIN index over a million tracks takes longer than a request may (the pool's
  // statement_timeout): on one connection of its own, without that limit and with room to sort.
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`set maintenance_work_mem = '256MB'`.execute(connection);
    try {
      for (const definition of indexes) await sql.raw(definition).execute(connection);
      for (const table of ['artists', 'albums', 'tracks', 'album_search', 'track_search'])
        await sql`analyze ${sql.table(table)}`.execute(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
      await sql`reset maintenance_work_mem`.execute(connection);
    }
  });
}
