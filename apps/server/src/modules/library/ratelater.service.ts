import { AddRateLaterBodySchema, type RateLaterEntry } from '@liner/shared';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
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

  /** Signed out is refused before the body is looked at (401 before 400). */
  async add(user: SessionUser | null, body: unknown): Promise<RateLaterEntry | undefined> {
    if (!user) throw unauthorized('Please log in to add albums to your rate later list');
    const { albumId } = AddRateLaterBodySchema.parse(body ?? {});
    if (!(await this.deps.catalog.findAlbum(albumId))) throw notFound('Album not found');
    await addRateLater(this.db, user.id, albumId);
    return (await listRateLater(this.db, user.id)).find((e) => e.id === albumId);
  }

  async remove(user: SessionUser, albumId: string): Promise<void> {
    if (!(await removeRateLater(this.db, user.id, albumId))) {
      throw notFound('This album is not in your Rate Later list');
    }
  }
}
