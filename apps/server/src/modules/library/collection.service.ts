import type { AddToCollectionBody, CollectionEntry, MyAlbumRatings } from '@liner/shared';
import type { DatabaseHandle, Db, Dialect } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { albumImageUrl } from '../../lib/album-image.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  deleteCollectionEntry,
  hasCollectionEntry,
  insertCollectionEntry,
  listCollection,
} from './collection.repository.ts';
import type { CollectionNeeds } from './index.ts';
import { albumShelves } from './library-rows.repository.ts';
import { removeRateLater } from './rate-later.repository.ts';

export const NOT_IN_COLLECTION = 'This album is not in your collection';

export class CollectionService {
  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(
    database: DatabaseHandle,
    private readonly deps: CollectionNeeds,
  ) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  /** Each entry shows the person's one album rating (ADR 21), as the album page does. */
  async list(userId: string): Promise<CollectionEntry[]> {
    const entries = await listCollection(this.db, userId);
    const ratingOf = await this.deps.ratings.albumRatings(
      [userId],
      entries.map((entry) => entry.id),
    );
    return entries.map((entry) => {
      const tenths = ratingOf(userId, entry.id);
      // Every song rating cleared and none chosen: the rating it was added with.
      return tenths === null ? entry : { ...entry, rating: tenths / 10 };
    });
  }

  /** A profile's 'Music' grid is public (spec §2), unless a block or a locked profile stands between. */
  async listOf(viewer: SessionUser | null, userId: string): Promise<CollectionEntry[]> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const entries = await this.list(userId);
    if (viewer?.id === userId) return entries;
    // A review the viewer may not read is not pointed at either.
    const reviewIds = entries.flatMap((entry) => (entry.reviewPostId ? [entry.reviewPostId] : []));
    const readable = await this.deps.posts.byIds(reviewIds, viewer?.id ?? null);
    return entries.map((entry) =>
      entry.reviewPostId && !readable.has(entry.reviewPostId) ? { ...entry, reviewPostId: null } : entry,
    );
  }

  /** The album page's own panel: the person's ratings of it, and whether it is on their shelves. */
  async myAlbum(user: SessionUser, albumId: string): Promise<MyAlbumRatings> {
    const [ratings, shelves] = await Promise.all([
      this.deps.ratings.mine(user, albumId),
      albumShelves(this.db, user.id, albumId),
    ]);
    return { ...ratings, ...shelves };
  }

  /**
   * Adds a rated album, with an optional written review posted in the same transaction
   * (spec §4 'Add to Collection'), and an optional listen for the diary: the entry, the
   * review and the listen are all written or none is. The entry's rating is the user's album rating.
   */
  async add(user: SessionUser, body: AddToCollectionBody): Promise<CollectionEntry> {
    const album = await this.deps.catalog.findAlbum(body.albumId);
    if (!album) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    const tenths = await this.deps.ratings.albumRatingOf(user.id, album.id);
    if (tenths === null) throw badRequest('Please rate at least one song before adding to collection');
    // Trimmed and within REVIEW_MAX already (AddToCollectionBodySchema).
    const review = body.review ?? '';
    // Its day checked before anything is written.
    const listen = body.listen ? this.deps.listens.check(body.listen) : null;
    const profile = await this.deps.profiles.findByUserId(user.id);
    const postId = review ? newId() : null;
    try {
      await withTransaction(this.db, async (trx) => {
        // Lock order (db/locks.ts); also orders this against a concurrent Rate Later add.
        await lockProfiles(trx, this.dialect, [user.id]);
        if (postId) {
          await this.deps.posts.insertReview(trx, {
            id: postId,
            userId: user.id,
            title: album.title,
            content: review,
            albumId: album.id,
            ratingTenths: tenths,
            audience: body.reviewVisibility,
          });
        }
        await insertCollectionEntry(trx, {
          userId: user.id,
          albumId: album.id,
          ratingTenths: tenths,
          reviewPostId: postId,
        });
        // Listened and rated: it is no longer one to listen to later.
        await removeRateLater(trx, user.id, album.id);
        // Under the profile lock taken above, as the listens service requires.
        if (listen) await this.deps.listens.recordIn(trx, user.id, album.id, listen);
        if (postId) {
          await this.deps.events.publish(trx, 'reviewPosted', {
            userId: user.id,
            displayName: profile?.display_name ?? user.name,
            postId,
            album: {
              id: album.id,
              name: album.title,
              artistName: album.artist_name,
              imageUrl: albumImageUrl(album.id, album.cover_url),
            },
            tenths,
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('ALREADY_IN_COLLECTION', 'This album is already in your collection');
      // The account was deleted while the entry was being added.
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', 'User not found');
      throw error;
    }
    return this.entry(user.id, album.id);
  }

  /**
   * An imported album goes into the collection with its review as a review post, in
   * the caller's transaction, which holds the person's profile lock. No feed entry (see
   * RatingsService.importAlbumRatingIn). False when the album was in the collection already: what
   * is there, review included, is kept.
   */
  async importEntryIn(
    trx: Db,
    userId: string,
    album: { id: string; title: string },
    tenths: number,
    review: string | null,
  ): Promise<boolean> {
    if (await hasCollectionEntry(trx, userId, album.id)) return false;
    const postId = review ? newId() : null;
    if (postId && review) {
      await this.deps.posts.insertReview(trx, {
        id: postId,
        userId,
        title: album.title,
        content: review,
        albumId: album.id,
        ratingTenths: tenths,
      });
    }
    await insertCollectionEntry(trx, { userId, albumId: album.id, ratingTenths: tenths, reviewPostId: postId });
    await removeRateLater(trx, userId, album.id);
    return true;
  }

  /** Editing the rating in the collection chooses the album rating (ADR 21), everywhere at once. */
  async setRating(user: SessionUser, albumId: string, stars: number): Promise<CollectionEntry> {
    if (!(await hasCollectionEntry(this.db, user.id, albumId))) throw refusal('NOT_IN_COLLECTION', NOT_IN_COLLECTION);
    await this.deps.ratings.chooseAlbumRatingInTenths(user, albumId, Math.round(stars * 10));
    return this.entry(user.id, albumId);
  }

  private async entry(userId: string, albumId: string): Promise<CollectionEntry> {
    const entry = (await this.list(userId)).find((e) => e.id === albumId);
    if (!entry) throw refusal('NOT_IN_COLLECTION', NOT_IN_COLLECTION);
    return entry;
  }

  async remove(user: SessionUser, albumId: string): Promise<void> {
    if (!(await deleteCollectionEntry(this.db, user.id, albumId)))
      throw refusal('NOT_IN_COLLECTION', NOT_IN_COLLECTION);
  }
}
