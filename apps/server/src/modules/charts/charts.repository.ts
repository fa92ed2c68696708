import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { listenerTotals, type SongRow, SUMMARY_COLUMNS, type SummaryRow } from '../catalog/index.ts';

/**
 * Charts from listeners. An album's listeners are the people with an album rating
 * (ADR 21: the one they chose, else their songs' mean), kept in album_stats by the ratings module;
 * a song's are the people who rated it (one rating each). Only what has at least `minListeners`
 * enters. Entries rank by the Bayesian mean (C·m + sum) / (C + n): n listeners, their ratings'
 * sum, and C listeners' worth of the global mean m, so a few enthusiasts cannot outrank an album
 * many people rated well. Ties go to the more popular album, then a stable id order.
 */

/** How many listeners at the global mean every album and song starts with. */
export const PRIOR_LISTENERS = 5;

export interface ChartFilters {
  genre?: string;
  /** Inclusive and exclusive bounds of the release year, as the text dates compare ("1997", "1998"). */
  from?: string;
  until?: string;
  type?: string;
  /** One artist's albums (an artist page's top songs). */
  artistId?: string;
}

/** Where the previous page ended: its last entry's score and id. */
export interface ChartPosition {
  score: number;
  id: string;
}

export interface AlbumChartRow extends SummaryRow {
  primary_type: string;
  popularity: number;
  listeners: number;
  listener_tenths: number;
  score: number;
}

export interface SongChartRow extends SongRow {
  album_title: string;
  release_date: string | null;
  popularity: number;
  ratings_count: number;
  ratings_sum: number;
  score: number;
}

type AlbumScope = 'albums';

/** The filters on the albums table (and its genres), the same for album and song charts. */
function filtered<
  QB extends SelectQueryBuilder<Database, AlbumScope | 'album_stats' | 'tracks' | 'track_stats', object>,
>(query: QB, filters: ChartFilters): QB {
  let q = query;
  if (filters.from) q = q.where('albums.release_date', '>=', filters.from) as QB;
  if (filters.until) q = q.where('albums.release_date', '<', filters.until) as QB;
  if (filters.type) q = q.where('albums.primary_type', '=', filters.type) as QB;
  if (filters.artistId) q = q.where('albums.artist_id', '=', filters.artistId) as QB;
  const genre = filters.genre;
  if (genre) {
    q = q.where(({ exists, selectFrom }: ExpressionBuilder<Database, AlbumScope>) =>
      exists(
        selectFrom('album_genres')
          .select('album_genres.album_id')
          .whereRef('album_genres.album_id', '=', 'albums.id')
          .where('album_genres.genre_slug', '=', genre),
      ),
    ) as QB;
  }
  return q;
}

/** The global mean of the listeners' ratings: in tenths for albums. */
async function albumMean(db: Db): Promise<number> {
  const totals = await db
    .selectFrom('album_stats')
    .select([
      sql<number>`coalesce(sum(listeners), 0)`.as('count'),
      sql<number>`coalesce(sum(listener_tenths), 0)`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return Number(totals.count) > 0 ? Number(totals.sum) / Number(totals.count) : 0;
}

/** The global mean of song ratings, in half stars. */
async function songMean(db: Db): Promise<number> {
  const totals = await db
    .selectFrom('track_stats')
    .select([
      sql<number>`coalesce(sum(ratings_count), 0)`.as('count'),
      sql<number>`coalesce(sum(ratings_sum), 0)`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return Number(totals.count) > 0 ? Number(totals.sum) / Number(totals.count) : 0;
}

function bayesian(sumColumn: string, countColumn: string, mean: number): RawBuilder<number> {
  const prior = PRIOR_LISTENERS * mean;
  return sql<number>`(cast(${prior} as double precision) + ${sql.ref(sumColumn)}) / (cast(${PRIOR_LISTENERS} as double precision) + ${sql.ref(countColumn)})`;
}

/** One page of the album chart: `limit` entries after `after`, best first. */
export async function albumChart(
  db: Db,
  options: { filters: ChartFilters; minListeners: number; after?: ChartPosition; limit: number; offset?: number },
): Promise<AlbumChartRow[]> {
  const score = bayesian('album_stats.listener_tenths', 'album_stats.listeners', await albumMean(db));
  let query = db
    .selectFrom('album_stats')
    .innerJoin('albums', 'albums.id', 'album_stats.album_id')
    .select([
      ...SUMMARY_COLUMNS,
      'albums.primary_type',
      'albums.popularity',
      'album_stats.listeners',
      'album_stats.listener_tenths',
      score.as('score'),
    ])
    .where('album_stats.listeners', '>=', options.minListeners);
  query = filtered(query, options.filters);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb(score, '<', after.score), eb.and([eb(score, '=', after.score), eb('albums.id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy(score, 'desc')
    .orderBy('albums.id', 'desc')
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/** One page of the song chart. */
export async function songChart(
  db: Db,
  options: { filters: ChartFilters; minListeners: number; after?: ChartPosition; limit: number },
): Promise<SongChartRow[]> {
  const score = bayesian('track_stats.ratings_sum', 'track_stats.ratings_count', await songMean(db));
  let query = db
    .selectFrom('track_stats')
    .innerJoin('tracks', 'tracks.id', 'track_stats.track_id')
    .innerJoin('albums', 'albums.id', 'tracks.album_id')
    .select([
      'tracks.id',
      'tracks.title',
      'albums.artist_id',
      'albums.artist_name',
      'albums.id as album_id',
      'albums.cover_url',
      'albums.title as album_title',
      'albums.release_date',
      'albums.popularity',
      'track_stats.ratings_count',
      'track_stats.ratings_sum',
      score.as('score'),
    ])
    .where('track_stats.ratings_count', '>=', options.minListeners);
  query = filtered(query, options.filters);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb(score, '<', after.score), eb.and([eb(score, '=', after.score), eb('tracks.id', '<', after.id)])]),
    );
  }
  const rows = await query.orderBy(score, 'desc').orderBy('tracks.id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

/** The opening tracks of the most popular albums, for the home page's songs below the charted ones. */
export async function popularOpeningTracks(db: Db, limit: number): Promise<SongRow[]> {
  return db
    .selectFrom('albums')
    .innerJoin('tracks', (join) => join.onRef('tracks.album_id', '=', 'albums.id').on('tracks.position', '=', 1))
    .select([
      'tracks.id',
      'tracks.title',
      'albums.artist_id',
      'albums.artist_name',
      'albums.id as album_id',
      'albums.cover_url',
    ])
    .orderBy('albums.popularity', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(limit)
    .execute();
}

/** Genres by how many albums carry them. */
export async function genreCounts(
  db: Db,
  limit: number,
): Promise<Array<{ slug: string; name: string; albums: number }>> {
  const rows = await db
    .selectFrom('album_genres')
    .innerJoin('genres', 'genres.slug', 'album_genres.genre_slug')
    .select(['genres.slug', 'genres.name', (eb) => eb.fn.countAll<number | string>().as('albums')])
    .groupBy(['genres.slug', 'genres.name'])
    .orderBy('albums', 'desc')
    .orderBy('genres.slug')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ slug: row.slug, name: row.name, albums: Number(row.albums) }));
}

/** What an album's ranks are computed from: its listener totals, year and main genre. */
export async function albumStanding(db: Db, albumId: string) {
  return db
    .selectFrom('albums')
    .leftJoin('album_stats', 'album_stats.album_id', 'albums.id')
    .leftJoin('album_genres', (join) =>
      join.onRef('album_genres.album_id', '=', 'albums.id').on('album_genres.position', '=', 0),
    )
    .leftJoin('genres', 'genres.slug', 'album_genres.genre_slug')
    .select([
      'albums.release_date',
      'album_stats.listeners',
      'album_stats.listener_tenths',
      'genres.slug as genre_slug',
      'genres.name as genre_name',
    ])
    .where('albums.id', '=', albumId)
    .executeTakeFirst();
}

/**
 * An album's place on the album chart under `filters` (1 = first), or null while it has fewer than
 * `minListeners`: the charted albums ahead of it by the chart's order (score, then id), plus one.
 */
export async function albumRank(
  db: Db,
  options: { albumId: string; listeners: number; tenths: number; filters: ChartFilters; minListeners: number },
): Promise<number | null> {
  if (options.listeners < options.minListeners) return null;
  const mean = await albumMean(db);
  // The same arithmetic as the SQL expression, in the same order: equal scores compare equal.
  const own = (PRIOR_LISTENERS * mean + options.tenths) / (PRIOR_LISTENERS + options.listeners);
  const score = bayesian('album_stats.listener_tenths', 'album_stats.listeners', mean);
  let query = db
    .selectFrom('album_stats')
    .innerJoin('albums', 'albums.id', 'album_stats.album_id')
    .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
    .where('album_stats.listeners', '>=', options.minListeners)
    .where((eb) => eb.or([eb(score, '>', own), eb.and([eb(score, '=', own), eb('albums.id', '>', options.albumId)])]));
  query = filtered(query, options.filters);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.ahead) + 1;
}

/** How many albums under `filters` have `minListeners` or more: the charted head of Discover's score order. */
export async function chartedCount(db: Db, filters: ChartFilters, minListeners: number): Promise<number> {
  let query = db
    .selectFrom('album_stats')
    .innerJoin('albums', 'albums.id', 'album_stats.album_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('album_stats.listeners', '>=', minListeners);
  query = filtered(query, filters);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export type BrowseOrder = 'popular' | 'newest';

/**
 * Albums under `filters` by popularity or newest first (released by `today`), an offset page.
 * `unchartedBelow`: only albums with fewer listeners than this (the tail of the score order).
 */
export async function browseAlbums(
  db: Db,
  options: {
    filters: ChartFilters;
    order: BrowseOrder;
    today: string;
    limit: number;
    offset: number;
    unchartedBelow?: number;
  },
): Promise<SummaryRow[]> {
  let query = db.selectFrom('albums').select(SUMMARY_COLUMNS).select(listenerTotals);
  query = filtered(query, options.filters);
  const below = options.unchartedBelow;
  if (below !== undefined) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('album_stats')
            .select('album_stats.album_id')
            .whereRef('album_stats.album_id', '=', 'albums.id')
            .where('album_stats.listeners', '>=', below),
        ),
      ),
    );
  }
  // Both columns descending on each order: albums_popularity_idx and albums_release_idx read backwards.
  query =
    options.order === 'popular'
      ? query.orderBy('albums.popularity', 'desc').orderBy('albums.id', 'desc')
      : query
          .where('albums.release_date', 'is not', null)
          .where('albums.release_date', '<=', options.today)
          .orderBy('albums.release_date', 'desc')
          .orderBy('albums.id', 'desc');
  return query.limit(options.limit).offset(options.offset).execute();
}
