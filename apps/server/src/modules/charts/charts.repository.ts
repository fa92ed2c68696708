import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type SongRow, SUMMARY_COLUMNS, type SummaryRow } from '../catalog/index.ts';

/**
 * Top albums and top songs from community ratings: the Bayesian mean (C·m + sum) / (C + n) of
 * every rated album or song, where m is the mean of all ratings in its stats table; one nobody has
 * rated scores m. Ties, and so everything unrated, go by popularity. Two bounded queries (the best
 * rated, the most popular unrated) hold the top `limit` of the union, so the cost does not grow
 * with the catalogue. Both lists are ranked by `chart` below.
 */

/**
 * Bayesian prior weights (DESIGN.md, Data): how many ratings at the global mean every album and
 * song starts with. An album's count is of song ratings, about ten per listener, hence the larger C.
 */
export const ALBUM_PRIOR_WEIGHT = 10;
export const SONG_PRIOR_WEIGHT = 3;

export interface RatingTotals {
  count: number;
  sum: number;
}

type StatsTable = 'album_stats' | 'track_stats';

/** All ratings counted in album_stats or track_stats: the global mean m of the Bayesian mean. */
export async function ratingTotals(db: Db, of: StatsTable): Promise<RatingTotals> {
  const totals = await db
    .selectFrom(of)
    .select([
      sql<number>`coalesce(sum(ratings_count), 0)`.as('count'),
      sql<number>`coalesce(sum(ratings_sum), 0)`.as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(totals.count), sum: Number(totals.sum) };
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

interface Candidate {
  id: string;
  popularity: number;
}

interface RatedCandidate extends Candidate {
  ratings_count: number;
  ratings_sum: number;
}

/**
 * The one ranking of both charts. `rated` gets the Bayesian mean as SQL to order by (only called
 * when anything is rated); `unrated` the most popular rows nobody has rated. Both return at most
 * `limit` rows; the best `limit` of their union come back.
 */
async function chart<R extends Candidate>(options: {
  stats: StatsTable;
  priorWeight: number;
  totals: RatingTotals;
  limit: number;
  rated: (score: RawBuilder<number>) => Promise<Array<R & RatedCandidate>>;
  unrated: () => Promise<R[]>;
}): Promise<R[]> {
  const { stats, priorWeight, totals, limit } = options;
  const mean = totals.count > 0 ? totals.sum / totals.count : 0;
  const candidates: Ranked<R>[] = [];
  if (totals.count > 0) {
    const prior = priorWeight * mean;
    const score = sql<number>`(cast(${prior} as double precision) + ${sql.ref(`${stats}.ratings_sum`)}) / (cast(${priorWeight} as double precision) + ${sql.ref(`${stats}.ratings_count`)})`;
    for (const row of await options.rated(score)) {
      const value = (prior + row.ratings_sum) / (priorWeight + row.ratings_count);
      candidates.push({ row, score: value, popularity: row.popularity, id: row.id });
    }
  }
  for (const row of await options.unrated()) {
    candidates.push({ row, score: mean, popularity: row.popularity, id: row.id });
  }
  return candidates
    .sort(byRank)
    .slice(0, limit)
    .map(({ row }) => row);
}

export async function topAlbums(db: Db, limit: number): Promise<SummaryRow[]> {
  const ranked = await chart({
    stats: 'album_stats',
    priorWeight: ALBUM_PRIOR_WEIGHT,
    totals: await ratingTotals(db, 'album_stats'),
    limit,
    rated: (score) =>
      db
        .selectFrom('album_stats')
        .innerJoin('albums', 'albums.id', 'album_stats.album_id')
        .select([...SUMMARY_COLUMNS, 'albums.popularity', 'album_stats.ratings_count', 'album_stats.ratings_sum'])
        .where('album_stats.ratings_count', '>', 0)
        .orderBy(score, 'desc')
        .orderBy('albums.popularity', 'desc')
        .orderBy('albums.id', 'desc')
        .limit(limit)
        .execute(),
    unrated: () =>
      db
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
        .execute(),
  });
  return ranked.map((row) => ({
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
  const songColumns = [
    'tracks.id',
    'tracks.title',
    'albums.artist_name',
    'albums.id as album_id',
    'albums.cover_url',
    'albums.popularity',
  ] as const;
  const ranked = await chart({
    stats: 'track_stats',
    priorWeight: SONG_PRIOR_WEIGHT,
    totals: await ratingTotals(db, 'track_stats'),
    limit,
    rated: (score) =>
      db
        .selectFrom('track_stats')
        .innerJoin('tracks', 'tracks.id', 'track_stats.track_id')
        .innerJoin('albums', 'albums.id', 'tracks.album_id')
        .select([...songColumns, 'track_stats.ratings_count', 'track_stats.ratings_sum'])
        .where('track_stats.ratings_count', '>', 0)
        .orderBy(score, 'desc')
        .orderBy('albums.popularity', 'desc')
        .orderBy('tracks.id', 'desc')
        .limit(limit)
        .execute(),
    unrated: () =>
      db
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
        .execute(),
  });
  return ranked.map((row) => ({
    id: row.id,
    title: row.title,
    artist_name: row.artist_name,
    album_id: row.album_id,
    cover_url: row.cover_url,
  }));
}
