import type { AlbumCommunity, MyAlbumRatings, SetTrackRatingResult } from '@liner/shared';
import type { AppDeps } from '../../app-deps.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { communityRating } from './community.ts';
import {
  allTrackRatingsOf,
  applyRatingDelta,
  deleteTrackRating,
  findAlbumRating,
  findAlbumStats,
  findTrackOfAlbum,
  findTrackRating,
  findTrackStats,
  lockUserRatings,
  recomputeAlbumRating,
  saveTrackRating,
  trackStatsOfAlbum,
  userTrackRatings,
} from './ratings.repository.ts';

const LATEST_REVIEWS = 5;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class RatingsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<AppDeps, 'catalog' | 'collection' | 'posts' | 'rateLater'>,
  ) {}

  /** The user's album rating in tenths of a star, or null (the collection module reads it). */
  albumRatingOf(userId: string, albumId: string): Promise<number | null> {
    return findAlbumRating(this.db, userId, albumId);
  }

  private get db() {
    return this.database.db;
  }

  async mine(user: SessionUser, albumId: string): Promise<MyAlbumRatings> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    const [ratings, albumTenths, inCollection, inRateLater] = await Promise.all([
      userTrackRatings(this.db, user.id, albumId),
      findAlbumRating(this.db, user.id, albumId),
      this.deps.collection.contains(user.id, albumId),
      this.deps.rateLater.contains(user.id, albumId),
    ]);
    return {
      ratings,
      albumRating: albumTenths === null ? null : albumTenths / 10,
      inCollection: Boolean(inCollection),
      inRateLater: Boolean(inRateLater),
    };
  }

  /**
   * Sets (1–10 half stars) or clears (null) one song rating. The rating, the user's album rating
   * and the community totals change in one transaction, so they can never disagree.
   */
  async setTrackRating(
    user: SessionUser,
    albumId: string,
    trackId: string,
    rating: number | null,
  ): Promise<SetTrackRatingResult> {
    if (!(await findTrackOfAlbum(this.db, albumId, trackId))) throw refusal('TRACK_NOT_FOUND', 'Track not found');
    const albumTenths = await withTransaction(this.db, async (trx) => {
      // Global lock order (db/locks.ts): the user's profile, then the album's totals, then the track's.
      await lockUserRatings(trx, this.database.dialect, user.id);
      const previous = await findTrackRating(trx, user.id, trackId);
      if (previous === rating) return findAlbumRating(trx, user.id, albumId);
      if (rating === null) await deleteTrackRating(trx, user.id, trackId);
      else await saveTrackRating(trx, { userId: user.id, trackId, albumId, rating });
      await applyRatingDelta(trx, { albumId, trackId, oldRating: previous, newRating: rating });
      return recomputeAlbumRating(trx, user.id, albumId);
    }).catch((error: unknown) => {
      // The account was deleted while its rating was being saved.
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', 'User not found');
      throw error;
    });
    const [track, album] = await Promise.all([findTrackStats(this.db, trackId), findAlbumStats(this.db, albumId)]);
    return {
      trackId,
      rating,
      albumRating: albumTenths === null ? null : albumTenths / 10,
      track: communityRating(track),
      album: communityRating(album),
    };
  }

  /**
   * Account deletion: takes every song rating of the user out of the community totals inside the
   * caller's transaction (the rows themselves go with the user row's cascade).
   */
  async removeAllOf(trx: Trx, userId: string): Promise<void> {
    await lockUserRatings(trx, this.database.dialect, userId);
    const ratings = await allTrackRatingsOf(trx, userId);
    // Totals are locked in the global order: by album, each album's row before its tracks' rows.
    ratings.sort((a, b) => compare(a.album_id, b.album_id) || compare(a.track_id, b.track_id));
    for (const rating of ratings) {
      await applyRatingDelta(trx, {
        albumId: rating.album_id,
        trackId: rating.track_id,
        oldRating: rating.rating,
        newRating: null,
      });
    }
  }

  async community(albumId: string): Promise<AlbumCommunity> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    const [album, tracks, reviews] = await Promise.all([
      findAlbumStats(this.db, albumId),
      trackStatsOfAlbum(this.db, albumId),
      this.deps.posts.latestReviewsOfAlbum(albumId, LATEST_REVIEWS),
    ]);
    return {
      album: communityRating(album),
      tracks: Object.fromEntries(tracks.map((t) => [t.track_id, communityRating(t)])),
      reviews,
    };
  }
}
