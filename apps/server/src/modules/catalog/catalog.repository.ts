import type { ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { type JsonArrayFrom, jsonArrayFromFor, parsedJson } from '../../db/json-arrays.ts';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import {
  type AlbumRow,
  type AlbumSource,
  type CatalogAlbumInput,
  SUMMARY_COLUMNS,
  type SummaryRow,
  type TrackRow,
} from './catalog.rows.ts';

/**
 * Catalogue reads, on both dialects. Functions take the database or a transaction first. Writes
 * (bulk load, FTS keys) are in catalog-writes.repository.ts, search in modules/music-search, the
 * top lists in modules/charts.
 */

/**
 * The listener totals a summary carries, read by primary key in subqueries (as findAlbum's totals:
 * cheaper than a join for a page of rows). Select with SUMMARY_COLUMNS: `.select(listenerTotals)`.
 */
export function listenerTotals(eb: ExpressionBuilder<Database, 'albums'>) {
  const stats = eb.selectFrom('album_stats').whereRef('album_stats.album_id', '=', 'albums.id');
  return [
    stats.select('album_stats.listeners').as('listeners'),
    stats.select('album_stats.listener_tenths').as('listener_tenths'),
  ];
}

export async function hasAlbums(db: Db): Promise<boolean> {
  return (await db.selectFrom('albums').select('id').limit(1).executeTakeFirst()) !== undefined;
}

const SEED_VERSION_KEY = 'seed_version';

/** The hash of the bundled catalogue files last written into this database, if any. */
export async function readSeedVersion(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('instance_settings')
    .select('value')
    .where('key', '=', SEED_VERSION_KEY)
    .executeTakeFirst();
  return row?.value;
}

export async function writeSeedVersion(db: Db, version: string): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('instance_settings')
    .values({ key: SEED_VERSION_KEY, value: version, updated_at: at, updated_by: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: version, updated_at: at }))
    .execute();
}

/** Ids of the albums that came from the bundled catalogue. */
export async function seedAlbumIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('albums').select('id').where('source', '=', 'seed').execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The album with its rating totals. The totals are read by primary key in subqueries: SQLite takes
 * less than half the time of the equivalent left join for this one-row read (20 µs against 45 µs on
 * 100k albums), PostgreSQL plans both the same.
 */
function albumWithTotals(db: Db, id: string) {
  return db
    .selectFrom('albums')
    .select(SUMMARY_COLUMNS)
    .select(['albums.primary_type', 'albums.track_count', 'albums.runtime_ms', 'albums.mbid'])
    .select(listenerTotals)
    .select((eb) => {
      const stats = eb.selectFrom('album_stats').whereRef('album_stats.album_id', '=', 'albums.id');
      return [
        stats.select('album_stats.ratings_count').as('ratings_count'),
        stats.select('album_stats.ratings_sum').as('ratings_sum'),
      ];
    })
    .where('albums.id', '=', id);
}

// Hot reads, compiled once (db/compiled-once.ts).
const albumById = compiledOnce(albumWithTotals);

export async function findAlbum(db: Db, id: string): Promise<AlbumRow | undefined> {
  return (await albumById(db, id))[0];
}

export interface AlbumPageRows {
  album: AlbumRow;
  tracks: TrackRow[];
  genres: Array<{ slug: string; name: string }>;
}

/**
 * The album page's rows in one statement: the album with its totals, and its tracks and genres as
 * JSON arrays. One round trip instead of three is most of a cache miss's cost on PostgreSQL.
 */
function albumPageQuery(jsonArrayFrom: JsonArrayFrom) {
  return compiledOnce((db: Db, id: string) =>
    albumWithTotals(db, id).select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('tracks')
          .select(['tracks.id', 'tracks.position', 'tracks.title', 'tracks.duration_ms'])
          .whereRef('tracks.album_id', '=', 'albums.id')
          .orderBy('tracks.position'),
      ).as('tracks'),
      jsonArrayFrom(
        eb
          .selectFrom('album_genres')
          .innerJoin('genres', 'genres.slug', 'album_genres.genre_slug')
          .select(['genres.slug', 'genres.name'])
          .whereRef('album_genres.album_id', '=', 'albums.id')
          .orderBy('album_genres.position'),
      ).as('genres'),
    ]),
  );
}

const albumPageQueries = {
  postgres: albumPageQuery(jsonArrayFromFor.postgres),
  sqlite: albumPageQuery(jsonArrayFromFor.sqlite),
};

export async function findAlbumPage(db: Db, dialect: Dialect, id: string): Promise<AlbumPageRows | undefined> {
  const row = (await albumPageQueries[dialect](db, id))[0];
  if (!row) return undefined;
  const { tracks, genres, ...album } = row;
  return { album, tracks: parsedJson(tracks, []), genres: parsedJson(genres, []) };
}

export const findTracks: (db: Db, albumId: string) => Promise<TrackRow[]> = compiledOnce((db: Db, albumId: string) =>
  db
    .selectFrom('tracks')
    .select(['id', 'position', 'title', 'duration_ms'])
    .where('album_id', '=', albumId)
    .orderBy('position'),
);

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
  const rows = await db
    .selectFrom('albums')
    .select(SUMMARY_COLUMNS)
    .select(listenerTotals)
    .where('albums.id', 'in', ids)
    .execute();
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
      .select(listenerTotals)
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

/** How many generated albums exist: `catalog generate` numbers new ones after them. */
export async function countGeneratedAlbums(db: Db): Promise<number> {
  const row = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('source', '=', 'generated')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The album carrying this MusicBrainz release-group id: matched (mbid) or stored from MusicBrainz (external_id). */
export async function findAlbumIdByMbid(db: Db, mbid: string): Promise<string | undefined> {
  const matched = await db.selectFrom('albums').select('id').where('mbid', '=', mbid).executeTakeFirst();
  if (matched) return matched.id;
  const stored = await findAlbumIdsByExternalId(db, 'musicbrainz', [mbid]);
  return stored.get(mbid);
}
