import {
  type AlbumCommunity,
  type AlbumRatingState,
  FRIEND_RATINGS_SHOWN,
  type FriendRatings,
  type MyAlbumRatings,
  type Post,
  type SetTrackRatingResult,
} from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { communityRating } from '../../lib/community-rating.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { halfStarHistogram } from './histogram.ts';
import type { RatingsNeeds } from './index.ts';
import {
  albumRatingCounts,
  albumRatingParts,
  albumRatingsOfUser,
  allTrackRatingsOf,
  applyListenerDelta,
  applyRatingDelta,
  deleteTrackRating,
  findAlbumRating,
  findAlbumStats,
  findChosenAlbumRating,
  findTrackOfAlbum,
  findTrackRating,
  findTrackStats,
  followedAlbumRatings,
  lockUserRatings,
  ownAlbumRatings,
  recomputeAlbumRating,
  saveChosenAlbumRating,
  saveTrackRating,
  trackStatsOfAlbum,
} from './ratings.repository.ts';

const LATEST_REVIEWS = 5;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const stars = (tenths: number | null) => (tenths === null ? null : tenths / 10);

/** ADR 21: the rating a person chose for the album, else their songs' mean. */
function ratingState(songs: number | null, chosen: number | null): AlbumRatingState {
  return { albumRating: stars(chosen ?? songs), albumRatingChosen: chosen !== null, songsRating: stars(songs) };
}

/** Reads a person's album rating out of a batch: (userId, albumId) → tenths, or null. */
export type AlbumRatingLookup = (userId: string, albumId: string) => number | null;

/** The latest reviews of an album the viewer may read (the posts module's). */
export type ReviewsOfAlbum = (albumId: string, limit: number, viewerId: string | null) => Promise<Post[]>;

export class RatingsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: RatingsNeeds,
  ) {}

  /** The user's album rating (ADR 21) in tenths of a star, or null (the collection module reads it). */
  async albumRatingOf(userId: string, albumId: string): Promise<number | null> {
    return (await this.albumRatings([userId], [albumId]))(userId, albumId);
  }

  /** The album ratings (ADR 21) of users × albums in one go: a collection page, an album's reviews. */
  async albumRatings(userIds: string[], albumIds: string[]): Promise<AlbumRatingLookup> {
    const parts = await albumRatingParts(this.db, [...new Set(userIds)], [...new Set(albumIds)]);
    const byPair = new Map(parts.map((p) => [`${p.userId}\u0000${p.albumId}`, p.chosen ?? p.songs]));
    return (userId, albumId) => byPair.get(`${userId}\u0000${albumId}`) ?? null;
  }

  /** Chooses the album rating in half stars, or with null goes back to the songs' mean. */
  async chooseAlbumRating(user: SessionUser, albumId: string, halfStars: number | null): Promise<AlbumRatingState> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    return this.setChosen(user, albumId, halfStars === null ? null : halfStars * 5);
  }

  /** The collection's rating edit (stars, any tenth from 0.5 to 5): the chosen album rating. */
  async chooseAlbumRatingInTenths(user: SessionUser, albumId: string, tenths: number): Promise<AlbumRatingState> {
    return this.setChosen(user, albumId, tenths);
  }

  /**
   * An imported album rating, chosen as the album page chooses one, in the caller's
   * transaction, which holds the person's profile lock (db/locks.ts): the row of the import and
   * what it writes commit together. No feed entry: two thousand ratings from a file are not two
   * thousand pieces of news. False when the album already had this rating chosen. The caller
   * empties the read cache's keys of the album (readKeys.ratingsOf) after committing.
   */
  async importAlbumRatingIn(trx: Trx, userId: string, albumId: string, tenths: number): Promise<boolean> {
    const before = await findChosenAlbumRating(trx, userId, albumId);
    if (before === tenths) return false;
    await saveChosenAlbumRating(trx, userId, albumId, tenths);
    const songsTenths = await findAlbumRating(trx, userId, albumId);
    await applyListenerDelta(trx, albumId, before ?? songsTenths, tenths);
    return true;
  }

  private async setChosen(user: SessionUser, albumId: string, tenths: number | null): Promise<AlbumRatingState> {
    const songs = await withTransaction(this.db, async (trx) => {
      await lockUserRatings(trx, this.database.dialect, user.id);
      const before = await findChosenAlbumRating(trx, user.id, albumId);
      await saveChosenAlbumRating(trx, user.id, albumId, tenths);
      const songsTenths = await findAlbumRating(trx, user.id, albumId);
      // Told before the totals move, which come last as in setTrackRating.
      await this.deps.events.publish(trx, 'albumRatingChanged', {
        userId: user.id,
        albumId,
        tenths: tenths ?? songsTenths,
      });
      await applyListenerDelta(trx, albumId, before ?? songsTenths, tenths ?? songsTenths);
      return songsTenths;
    }).catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', 'User not found');
      throw error;
    });
    return ratingState(songs, tenths);
  }

  private get db() {
    return this.database.db;
  }

  /** The person's song ratings on an album and their album rating (the library adds its shelves). */
  async mine(user: SessionUser, albumId: string): Promise<Omit<MyAlbumRatings, 'inCollection' | 'inRateLater'>> {
    // Both at once: an unknown album has no ratings to read, and is refused either way.
    const [album, own] = await Promise.all([
      this.deps.catalog.findAlbum(albumId),
      ownAlbumRatings(this.db, this.database.dialect, user.id, albumId),
    ]);
    if (!album) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    return { ...ratingState(own.songs, own.chosen), ratings: own.ratings };
  }

  /**
   * Where an album's latest reviews come from: the posts module, which reads album ratings from
   * here, lends its reader at start-up (app.ts), as posts and lists lend theirs to reactions.
   */
  useReviewsFrom(source: ReviewsOfAlbum): void {
    this.reviewsOfAlbum = source;
  }

  private reviewsOfAlbum: ReviewsOfAlbum = async () => [];

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
    const [songs, chosen] = await withTransaction(this.db, async (trx) => {
      // Global lock order (db/locks.ts): the user's profile, then the album's totals, then the track's.
      await lockUserRatings(trx, this.database.dialect, user.id);
      const chosenTenths = await findChosenAlbumRating(trx, user.id, albumId);
      const previous = await findTrackRating(trx, user.id, trackId);
      const songsBefore = await findAlbumRating(trx, user.id, albumId);
      // Nothing changed: the cached answers stand, and nobody is told.
      if (previous === rating) return [songsBefore, chosenTenths] as const;
      if (rating === null) await deleteTrackRating(trx, user.id, trackId);
      else await saveTrackRating(trx, { userId: user.id, trackId, albumId, rating });
      const songsAfter = await recomputeAlbumRating(trx, user.id, albumId);
      // The album rating moved (the feed's one entry a day for the album follows it), before the
      // totals: they come last, as every rater of the album waits for them until this commits.
      await this.deps.events.publish(trx, 'albumRatingChanged', {
        userId: user.id,
        albumId,
        tenths: chosenTenths ?? songsAfter,
      });
      await applyRatingDelta(trx, {
        albumId,
        trackId,
        oldRating: previous,
        newRating: rating,
        albumBefore: chosenTenths ?? songsBefore,
        albumAfter: chosenTenths ?? songsAfter,
      });
      return [songsAfter, chosenTenths] as const;
    }).catch((error: unknown) => {
      // The account was deleted while its rating was being saved.
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', 'User not found');
      throw error;
    });
    const [track, album] = await Promise.all([findTrackStats(this.db, trackId), findAlbumStats(this.db, albumId)]);
    return {
      ...ratingState(songs, chosen),
      trackId,
      rating,
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
    const albums = await albumRatingsOfUser(trx, userId);
    // Totals are locked in the global order: by album, each album's row before its tracks' rows.
    ratings.sort((a, b) => compare(a.album_id, b.album_id) || compare(a.track_id, b.track_id));
    const albumOrder = [...new Set([...albums.keys(), ...ratings.map((r) => r.album_id)])].sort(compare);
    let next = 0;
    for (const albumId of albumOrder) {
      await applyListenerDelta(trx, albumId, albums.get(albumId) ?? null, null);
      for (; next < ratings.length && ratings[next]?.album_id === albumId; next++) {
        const rating = ratings[next];
        if (!rating) break;
        await applyRatingDelta(trx, {
          albumId: rating.album_id,
          trackId: rating.track_id,
          oldRating: rating.rating,
          newRating: null,
        });
      }
    }
  }

  /** The viewer (when signed in) sees which of the latest reviews they liked. */
  async community(albumId: string, viewerId: string | null = null): Promise<AlbumCommunity> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    const [album, tracks, reviews, counts, ranks] = await Promise.all([
      findAlbumStats(this.db, albumId),
      trackStatsOfAlbum(this.db, albumId),
      this.reviewsOfAlbum(albumId, LATEST_REVIEWS, viewerId),
      albumRatingCounts(this.db, albumId),
      this.deps.charts.ranks(albumId),
    ]);
    const histogram = halfStarHistogram(counts);
    const listeners = album?.listeners ?? 0;
    return {
      albumId,
      scoresHidden: false,
      album: communityRating(album),
      histogram,
      listeners: {
        count: listeners,
        average: listeners > 0 ? Math.round((album?.listener_tenths ?? 0) / listeners) / 10 : null,
      },
      ranks,
      tracks: Object.fromEntries(tracks.map((t) => [t.track_id, communityRating(t)])),
      reviews,
    };
  }

  /** The album ratings of the people `user` follows who rated the album, highest first. */
  async friendsRatings(user: SessionUser, albumId: string): Promise<FriendRatings> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    const { rows, total } = await followedAlbumRatings(this.db, user.id, albumId, FRIEND_RATINGS_SHOWN);
    return {
      albumId,
      scoresHidden: false,
      ratings: rows.map((row) => ({
        userId: row.user_id,
        displayName: row.display_name,
        pictureUrl: row.picture_url,
        rating: row.tenths / 10,
      })),
      total,
    };
  }
}
