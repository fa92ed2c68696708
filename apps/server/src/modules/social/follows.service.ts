import {
  CANNOT_FOLLOW,
  FOLLOW_REQUESTS_PER_HOUR,
  type FollowRequestOutcome,
  type FollowState,
  PEOPLE_PAGE_SIZE,
  type PeoplePage,
  type PeopleQuery,
} from '@liner/shared';
import { eitherBlocked, relationshipOf } from '../../db/audience.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { RetryTransaction, type Trx, withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor, type PageCursor } from '../../lib/cursor.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, forbidden, notFound, refusal } from '../../lib/errors.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  deleteFollowRequest,
  deleteFollowRequestsBetween,
  insertFollowRequest,
  listFollowRequests,
  requestersOf,
} from './follow-requests.repository.ts';
import {
  adjustFollowCounts,
  deleteFollow,
  deleteFollowsOf,
  type FollowEdge,
  followCounts,
  followEdgesOf,
  insertFollow,
  isFollowing,
  listFollowPeople,
} from './follows.repository.ts';
import type { FollowsNeeds } from './index.ts';

const USER_NOT_FOUND = 'User not found';
const REQUEST_NOT_FOUND = 'Follow request not found';

/** A member signed in here, or a person of another server whose Follow arrived (ADR 53). */
type Party = Pick<SessionUser, 'id'>;

type Person = { userId: string; displayName: string; pictureUrl: string | null; createdAt: string };

function page(rows: Person[], limit: number): PeoplePage {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    people: shown.map(({ userId, displayName, pictureUrl }) => ({ userId, displayName, pictureUrl })),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.userId }) : null,
  };
}

/**
 * Follows and follow requests: the only writer of profiles' follower and following counts. Every
 * transaction here locks the profiles it touches first, in id order (db/locks.ts), and decides
 * from what it reads after the locks, so a block, an unlock or a deletion racing it is seen.
 */
export class FollowsService {
  private requestLimiter: Limiter | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: FollowsNeeds,
  ) {}

  private get db() {
    return this.database.db;
  }

  private async state(viewerId: string | null, targetId: string): Promise<FollowState> {
    const counts = await followCounts(this.db, targetId);
    if (!counts) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
    const relationship = viewerId ? await relationshipOf(this.db, viewerId, targetId) : null;
    return { following: relationship?.follows ?? false, requested: relationship?.requested ?? false, ...counts };
  }

  async get(viewer: SessionUser | null, targetId: string): Promise<FollowState> {
    return this.state(viewer?.id ?? null, targetId);
  }

  /** A page of someone's followers or of whom they follow (public, like the counts on a profile). */
  async people(
    viewer: SessionUser | null,
    userId: string,
    which: 'followers' | 'following',
    query: PeopleQuery,
  ): Promise<PeoplePage> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const limit = query.limit ?? PEOPLE_PAGE_SIZE;
    const rows = await listFollowPeople(this.db, userId, which, { after: cursorOf(query), limit: limit + 1 });
    return page(rows, limit);
  }

  /** Follows someone, or asks to when their profile is locked (counted against the request limit). */
  /**
   * `asRequest`: the follow waits for the owner's answer even on an open profile (someone of
   * another server an admin silenced).
   */
  async follow(viewer: Party, targetId: string, options: { asRequest?: boolean } = {}): Promise<FollowState> {
    if (viewer.id === targetId) throw badRequest('Users cannot follow themselves');
    const before = await relationshipOf(this.db, viewer.id, targetId);
    if (!before) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
    if (eitherBlocked(before)) throw forbidden(CANNOT_FOLLOW);
    const asked = before.locked || options.asRequest === true;
    if (asked && !before.follows && !before.requested) await this.countRequest(viewer.id);
    try {
      await withTransaction(this.db, async (trx) => {
        // Both profiles first, in id order (db/locks.ts): a deletion of either waits, or wins.
        const present = await lockProfiles(trx, this.database.dialect, [viewer.id, targetId]);
        if (!present.has(targetId)) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
        // Read again under the locks: a block or a change of privacy may have committed meanwhile.
        const now = await relationshipOf(trx, viewer.id, targetId);
        if (!now) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
        if (eitherBlocked(now)) throw forbidden(CANNOT_FOLLOW);
        if (now.follows) throw refusal('ALREADY_FOLLOWING', 'Already following this user');
        if (!now.locked && !now.remote && !options.asRequest) {
          await this.addFollow(trx, { followerId: viewer.id, followingId: targetId });
          return;
        }
        // Asking twice is asking once.
        if (now.requested) return;
        await insertFollowRequest(trx, viewer.id, targetId);
        // Someone of another server is asked by their server, which answers later (federation).
        if (now.remote) {
          await this.deps.events.publish(trx, 'followRequested', { requesterId: viewer.id, targetId });
          return;
        }
        await this.deps.notifications.notify(trx, {
          recipientId: targetId,
          actorId: viewer.id,
          kind: 'follow_requested',
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('ALREADY_FOLLOWING', 'Already following this user');
      // One of the two accounts was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
      throw error;
    }
    return this.state(viewer.id, targetId);
  }

  private async countRequest(userId: string): Promise<void> {
    this.requestLimiter ??= this.deps.limits.limiter('follow-request-user', {
      points: FOLLOW_REQUESTS_PER_HOUR,
      windowSeconds: 60 * 60,
    });
    const limit = await this.requestLimiter.consume(userId);
    if (limit.ok) return;
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    throw new AppError(
      'RATE_LIMITED',
      `You have sent too many follow requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: limit.retryAfterSeconds },
    );
  }

  /** The follow itself, with what it moves: both counts, the activity entry, the followed person's bell. */
  private async addFollow(trx: Trx, edge: FollowEdge): Promise<void> {
    const follower = await this.deps.profiles.findByUserId(edge.followerId, trx);
    const target = await this.deps.profiles.findByUserId(edge.followingId, trx);
    if (!follower || !target) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
    await insertFollow(trx, edge.followerId, edge.followingId);
    await adjustFollowCounts(trx, [edge], 1);
    await this.deps.activity.record(trx, {
      userId: edge.followerId,
      action: 'followed_user',
      targetId: edge.followingId,
      data: { userDisplayName: follower.display_name, followedUserDisplayName: target.display_name },
    });
    await this.deps.notifications.notify(trx, {
      recipientId: edge.followingId,
      actorId: edge.followerId,
      kind: 'followed',
    });
  }

  /** Removes follows (already locked), undoing what addFollow moved. */
  private async removeFollows(trx: Trx, edges: readonly FollowEdge[]): Promise<FollowEdge[]> {
    const removed: FollowEdge[] = [];
    for (const edge of edges) {
      if (!(await deleteFollow(trx, edge.followerId, edge.followingId))) continue;
      removed.push(edge);
      await this.deps.notifications.retract(trx, {
        recipientId: edge.followingId,
        actorId: edge.followerId,
        kind: 'followed',
      });
      await this.deps.activity.unfollowed(trx, { userId: edge.followerId, targetId: edge.followingId });
    }
    await adjustFollowCounts(trx, removed, -1);
    return removed;
  }

  /** Unfollows someone, or withdraws a request to follow them. */
  async unfollow(viewer: Party, targetId: string): Promise<FollowState> {
    if (viewer.id === targetId) throw badRequest('Users cannot follow themselves');
    const changed = await withTransaction(this.db, async (trx) => {
      await lockProfiles(trx, this.database.dialect, [viewer.id, targetId]);
      const removed = await this.removeFollows(trx, [{ followerId: viewer.id, followingId: targetId }]);
      const withdrawn = removed.length === 0 && (await deleteFollowRequest(trx, viewer.id, targetId));
      if (!withdrawn && removed.length === 0) return false;
      if (withdrawn) {
        await this.deps.notifications.retract(trx, {
          recipientId: targetId,
          actorId: viewer.id,
          kind: 'follow_requested',
        });
      }
      await this.deps.events.publish(trx, 'followEnded', { followerId: viewer.id, followingId: targetId });
      return true;
    });
    if (!changed) {
      if (!(await this.deps.profiles.findByUserId(targetId))) throw refusal('USER_NOT_FOUND', USER_NOT_FOUND);
      throw refusal('NOT_FOLLOWING', 'You are not following this user');
    }
    return this.state(viewer.id, targetId);
  }

  /** The requests waiting on the member, oldest first. */
  async requests(user: SessionUser, query: PeopleQuery): Promise<PeoplePage> {
    const limit = query.limit ?? PEOPLE_PAGE_SIZE;
    const rows = await listFollowRequests(this.db, user.id, { after: cursorOf(query), limit: limit + 1 });
    return page(rows, limit);
  }

  /** The owner lets the requester follow them: the follow as any follow makes it, and the requester told. */
  async approve(owner: Party, requesterId: string): Promise<FollowRequestOutcome> {
    await withTransaction(this.db, async (trx) => {
      await lockProfiles(trx, this.database.dialect, [owner.id, requesterId]);
      if (!(await this.approveLocked(trx, owner.id, requesterId))) throw notFound(REQUEST_NOT_FOUND);
    });
    return { userId: requesterId, outcome: 'approved' };
  }

  /** Declined quietly: the request goes, and nobody is told. */
  async decline(owner: Party, requesterId: string): Promise<FollowRequestOutcome> {
    await withTransaction(this.db, async (trx) => {
      if (!(await deleteFollowRequest(trx, requesterId, owner.id))) throw notFound(REQUEST_NOT_FOUND);
      await this.deps.notifications.retract(trx, {
        recipientId: owner.id,
        actorId: requesterId,
        kind: 'follow_requested',
      });
      await this.deps.events.publish(trx, 'followRequestDeclined', { requesterId, ownerId: owner.id });
    });
    return { userId: requesterId, outcome: 'declined' };
  }

  /** With both profiles locked: false when there was no such request. */
  private async approveLocked(trx: Trx, ownerId: string, requesterId: string): Promise<boolean> {
    if (!(await deleteFollowRequest(trx, requesterId, ownerId))) return false;
    await this.deps.notifications.retract(trx, {
      recipientId: ownerId,
      actorId: requesterId,
      kind: 'follow_requested',
    });
    // A request is never made by a follower; the check keeps an old row from failing the batch.
    if (!(await isFollowing(trx, requesterId, ownerId))) {
      await this.addFollow(trx, { followerId: requesterId, followingId: ownerId });
    }
    await this.deps.notifications.notify(trx, { recipientId: requesterId, actorId: ownerId, kind: 'follow_accepted' });
    await this.deps.events.publish(trx, 'followRequestApproved', { requesterId, ownerId });
    return true;
  }

  /**
   * A profile unlocked: every waiting request becomes a follow, inside the caller's transaction.
   * Locks the owner's and the requesters' profiles (in id order), so call it before any other lock.
   */
  async approveAllRequests(trx: Trx, ownerId: string): Promise<void> {
    const before = await requestersOf(trx, ownerId);
    const involved = new Set([ownerId, ...before]);
    await lockProfiles(trx, this.database.dialect, [...involved]);
    // With the owner's profile locked no new request can start; one that committed before the lock
    // names a profile not locked above, and locking it now would break the id order.
    const requesters = await requestersOf(trx, ownerId);
    if (requesters.some((id) => !involved.has(id))) throw new RetryTransaction('a follow request arrived meanwhile');
    for (const requesterId of requesters) await this.approveLocked(trx, ownerId, requesterId);
  }

  /**
   * A block: every follow and follow request between the two ends, in either direction, inside the
   * caller's transaction, moving the counts exactly as unfollowing does. Locks both profiles.
   */
  async removeBetween(trx: Trx, a: string, b: string): Promise<void> {
    await lockProfiles(trx, this.database.dialect, [a, b]);
    await this.removeFollows(trx, [
      { followerId: a, followingId: b },
      { followerId: b, followingId: a },
    ]);
    await deleteFollowRequestsBetween(trx, a, b);
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

function cursorOf(query: PeopleQuery): PageCursor | undefined {
  return query.cursor ? decodeCursor(query.cursor) : undefined;
}
