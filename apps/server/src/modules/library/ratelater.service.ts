import type { AddRateLaterBody, RateLaterEntry } from '@liner/shared';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { addRateLater, hasRateLater, listRateLater, removeRateLater } from './ratelater.repository.ts';

/** Rate Later (spec §4, §7): the album must exist; only its owner changes a list. */
export class RateLaterService {
  constructor(
    private readonly db: Db,
    private readonly deps: Pick<AppDeps, 'catalog' | 'profiles'>,
  ) {}

  list(userId: string): Promise<RateLaterEntry[]> {
    return listRateLater(this.db, userId);
  }

  /** A profile's 'Want to Listen' list is public (spec §2). */
  async listOf(userId: string): Promise<RateLaterEntry[]> {
    await this.deps.profiles.mustExist(userId);
    return listRateLater(this.db, userId);
  }

  contains(userId: string, albumId: string): Promise<boolean> {
    return hasRateLater(this.db, userId, albumId);
  }

  async add(user: SessionUser, { albumId }: AddRateLaterBody): Promise<RateLaterEntry> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    await addRateLater(this.db, user.id, albumId);
    const entry = (await listRateLater(this.db, user.id)).find((e) => e.id === albumId);
    // Removed again by a concurrent request of the same person.
    if (!entry) throw refusal('NOT_IN_RATE_LATER', 'This album is not in your Rate Later list');
    return entry;
  }

  async remove(user: SessionUser, albumId: string): Promise<void> {
    if (!(await removeRateLater(this.db, user.id, albumId))) {
      throw refusal('NOT_IN_RATE_LATER', 'This album is not in your Rate Later list');
    }
  }
}
