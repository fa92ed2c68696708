import type { AddRateLaterBody, RateLaterEntry } from '@liner/shared';
import type { DatabaseHandle, Db, Dialect } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { hasCollectionEntry } from './collection.repository.ts';
import type { RateLaterNeeds } from './index.ts';
import { addRateLater, hasRateLater, listRateLater, removeRateLater } from './rate-later.repository.ts';

const alreadyCollected = () => refusal('ALREADY_IN_COLLECTION', 'This album is already in your collection');

/** Rate Later (spec §4, §7): the album must exist; only its owner changes a list. */
export class RateLaterService {
  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(
    database: DatabaseHandle,
    private readonly deps: RateLaterNeeds,
  ) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  list(userId: string): Promise<RateLaterEntry[]> {
    return listRateLater(this.db, userId);
  }

  /** A profile's 'Want to Listen' list is public (spec §2), unless a block or a locked profile stands between. */
  async listOf(viewer: SessionUser | null, userId: string): Promise<RateLaterEntry[]> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    return listRateLater(this.db, userId);
  }

  async add(user: SessionUser, { albumId }: AddRateLaterBody): Promise<RateLaterEntry> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    // An album in the collection has been listened to: it leaves Rate Later when collected
    // and cannot come back.
    if (await hasCollectionEntry(this.db, user.id, albumId)) throw alreadyCollected();
    await withTransaction(this.db, async (trx) => {
      // Waits for a collection add of the same person in flight, which then makes the insert a no-op.
      await lockProfiles(trx, this.dialect, [user.id]);
      await addRateLater(trx, user.id, albumId);
    });
    const [entry] = await listRateLater(this.db, user.id, albumId);
    if (entry) return entry;
    // Collected, or removed again, by a concurrent request of the same person.
    if (await hasCollectionEntry(this.db, user.id, albumId)) throw alreadyCollected();
    throw refusal('NOT_IN_RATE_LATER', 'This album is not in your Rate Later list');
  }

  /**
   * An imported album to hear or rate later (a RateYourMusic wishlist), in the caller's
   * transaction, which holds the person's profile lock. False when it is on the list already or
   * in the collection (listened to: it does not come back, as with add).
   */
  async importEntryIn(trx: Db, userId: string, albumId: string): Promise<boolean> {
    if ((await hasCollectionEntry(trx, userId, albumId)) || (await hasRateLater(trx, userId, albumId))) return false;
    await addRateLater(trx, userId, albumId);
    return true;
  }

  async remove(user: SessionUser, albumId: string): Promise<void> {
    if (!(await removeRateLater(this.db, user.id, albumId))) {
      throw refusal('NOT_IN_RATE_LATER', 'This album is not in your Rate Later list');
    }
  }
}
