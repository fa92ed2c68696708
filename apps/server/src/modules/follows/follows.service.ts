import type { FollowState } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { findProfileByUserId } from '../profiles/profiles.repository.ts';
import { adjustFollowCounts, deleteFollow, followCounts, insertFollow, isFollowing } from './follows.repository.ts';

export class FollowsService {
  constructor(private readonly db: Db) {}

  private async state(viewerId: string | null, targetId: string): Promise<FollowState> {
    const counts = await followCounts(this.db, targetId);
    if (!counts) throw notFound('User not found');
    return { following: viewerId ? await isFollowing(this.db, viewerId, targetId) : false, ...counts };
  }

  async get(viewer: SessionUser | null, targetId: string): Promise<FollowState> {
    return this.state(viewer?.id ?? null, targetId);
  }

  async follow(viewer: SessionUser, targetId: string): Promise<FollowState> {
    if (viewer.id === targetId) throw badRequest('Users cannot follow themselves');
    const target = await findProfileByUserId(this.db, targetId);
    if (!target) throw notFound('User not found');
    const follower = await findProfileByUserId(this.db, viewer.id);
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertFollow(trx, viewer.id, targetId);
        await adjustFollowCounts(trx, viewer.id, targetId, 1);
        await recordActivity(trx, {
          userId: viewer.id,
          action: 'followed_user',
          targetId,
          data: {
            userDisplayName: follower?.display_name ?? viewer.name,
            followedUserDisplayName: target.display_name,
          },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Already following this user');
      throw error;
    }
    return this.state(viewer.id, targetId);
  }

  async unfollow(viewer: SessionUser, targetId: string): Promise<FollowState> {
    if (viewer.id === targetId) throw badRequest('Users cannot follow themselves');
    const removed = await this.db.transaction().execute(async (trx) => {
      const deleted = await deleteFollow(trx, viewer.id, targetId);
      if (deleted) await adjustFollowCounts(trx, viewer.id, targetId, -1);
      return deleted;
    });
    if (!removed) {
      if (!(await findProfileByUserId(this.db, targetId))) throw notFound('User not found');
      throw new AppError('CONFLICT', 'You are not following this user');
    }
    return this.state(viewer.id, targetId);
  }
}
