import { type FollowState, PEOPLE_PAGE_SIZE, type PeoplePage, type PeopleQuery } from '@liner/shared';
import type { AppDeps } from '../../app-deps.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { RetryTransaction, type Trx, withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  adjustFollowCounts,
  deleteFollow,
  deleteFollowsOf,
  followCounts,
  followEdgesOf,
  insertFollow,
  isFollowing,
  listFollowPeople,
} from './follows.repository.ts';

const USER_NOT_FOUND = 'User not found';

export class FollowsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<AppDeps, 'activity' | 'notifications' | 'profiles'>,
  ) {}

  private get db() {
    return this.database.db;
  }

  private async state(viewerId: string | null, targetId: string): Promise<FollowState> {
    const counts = await followCounts(this.db, targetId);
    if (!counts) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
    return { following: viewerId ? await isFollowing(this.db, viewerId, targetId) : false, ...counts };
  }

  async get(viewer: SessionUser | null, targetId: string): Promise<FollowState> {
    return this.state(viewer?.id ?? null, targetId);
  }

  /** A page of someone's followers or of whom they follow (public, like the counts on a profile). */
  async people(userId: string, which: 'followers' | 'following', query: PeopleQuery): Promise<PeoplePage> {
    await this.deps.profiles.mustExist(userId);
    const limit = query.limit ?? PEOPLE_PAGE_SIZE;
    const rows = await listFollowPeople(this.db, userId, which, {
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      people: page.map(({ userId: id, displayName, pictureUrl }) => ({ userId: id, displayName, pictureUrl })),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.userId }) : null,
    };
  }

  async follow(viewer: SessionUser, targetId: string): Promise<FollowState> {
    if (viewer.id === targetId) throw badRequest('Users cannot follow themselves');
    const target = await this.deps.profiles.findByUserId(targetId);
    if (!target) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
    const follower = await this.deps.profiles.findByUserId(viewer.id);
    try {
      await withTransaction(this.db, async (trx) => {
        // Both profiles first, in id order (db/locks.ts): a deletion of either waits, or wins.
        const present = await lockProfiles(trx, this.database.dialect, [viewer.id, targetId]);
        if (!present.has(targetId)) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
        const edge = { followerId: viewer.id, followingId: targetId };
        await insertFollow(trx, edge.followerId, edge.followingId);
        await adjustFollowCounts(trx, [edge], 1);
        await this.deps.activity.record(trx, {
          userId: viewer.id,
          action: 'followed_user',
          targetId,
          data: {
            userDisplayName: follower?.display_name ?? viewer.name,
            followedUserDisplayName: target.display_name,
          },
        });
        await this.deps.notifications.notify(trx, { recipientId: targetId, actorId: viewer.id, kind: 'followed' });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('ALREADY_FOLLOWING', 'Already following this user');
      // One of the two accounts was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
      throw error;
    }
    return this.state(viewer.id, targetId);
  }

  async unfollow(viewer: SessionUser, targetId: string): Promise<FollowState> {
    if (viewer.id === targetId) throw badRequest('Users cannot follow themselves');
    const removed = await withTransaction(this.db, async (trx) => {
      await lockProfiles(trx, this.database.dialect, [viewer.id, targetId]);
      const deleted = await deleteFollow(trx, viewer.id, targetId);
      if (deleted) {
        await adjustFollowCounts(trx, [{ followerId: viewer.id, followingId: targetId }], -1);
        await this.deps.notifications.retract(trx, { recipientId: targetId, actorId: viewer.id, kind: 'followed' });
        await this.deps.activity.unfollowed(trx, { userId: viewer.id, targetId });
      }
      return deleted;
    });
    if (!removed) {
      if (!(await this.deps.profiles.findByUserId(targetId))) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
      throw refusal('NOT_FOLLOWING', 'You are not following this user');
    }
    return this.state(viewer.id, targetId);
  }

  /**
   * Account deletion: removes every follow to or from the user inside the caller's transaction,
   * moving everyone's counts exactly as unfollowing does.
   */
  async removeAllOf(trx: Trx, userId: string): Promise<void> {
    const before = await followEdgesOf(trx, userId);
    const involved = new Set([userId, ...before.flatMap((e) => [e.followerId, e.followingId])]);
    await lockProfiles(trx, this.database.dialect, [...involved]);
    // With the user's profile locked no new follow of theirs can start; one that committed before
    // the lock involves a profile not locked above, and locking it now would break the id order.
    const edges = await followEdgesOf(trx, userId);
    if (edges.some((e) => !involved.has(e.followerId) || !involved.has(e.followingId))) {
      throw new RetryTransaction('a follow of the deleted account arrived meanwhile');
    }
    await deleteFollowsOf(trx, userId);
    await adjustFollowCounts(trx, edges, -1);
  }
}
