import {
  type BlockState,
  type MuteState,
  type MyProfile,
  PEOPLE_PAGE_SIZE,
  type PeoplePage,
  type PeopleQuery,
  type PrivacySettings,
} from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest, refusal } from '../../lib/errors.ts';
import type { Actor, SessionUser } from '../../plugins/session.ts';
import type { SafetyNeeds } from './index.ts';
import {
  deleteBlock,
  deleteMute,
  insertBlock,
  insertMute,
  listBlocked,
  listMuted,
  type RelatedPersonRow,
} from './safety.repository.ts';

/**
 * Blocks, mutes and a member's privacy (ADR 41). A block ends every follow and follow request
 * between the two and what each was told of the other, in one transaction; the blocked person is
 * never told. A mute changes nothing but what the muter's feed, bell and threads show. Unlocking a
 * profile approves everyone waiting.
 */
export class SafetyService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: SafetyNeeds,
  ) {}

  private get db() {
    return this.database.db;
  }

  private async other(user: Actor, otherId: string, selfMessage: string): Promise<void> {
    if (user.id === otherId) throw badRequest(selfMessage);
    await this.deps.profiles.mustExist(otherId);
  }

  async block(user: Actor, otherId: string): Promise<BlockState> {
    await this.other(user, otherId, 'You cannot block yourself');
    await withTransaction(this.db, async (trx) => {
      // Locks both profiles first (db/locks.ts), before the block row refers to either.
      await this.deps.follows.removeBetween(trx, user.id, otherId);
      await insertBlock(trx, user.id, otherId);
      await this.deps.notifications.forgetBetween(trx, user.id, otherId);
    });
    return { blocked: true };
  }

  /** Unblocking restores nothing: follows stay gone. */
  async unblock(user: Actor, otherId: string): Promise<BlockState> {
    await this.other(user, otherId, 'You cannot block yourself');
    await deleteBlock(this.db, user.id, otherId);
    return { blocked: false };
  }

  async mute(user: SessionUser, otherId: string): Promise<MuteState> {
    await this.other(user, otherId, 'You cannot mute yourself');
    await insertMute(this.db, user.id, otherId);
    return { muted: true };
  }

  async unmute(user: SessionUser, otherId: string): Promise<MuteState> {
    await this.other(user, otherId, 'You cannot mute yourself');
    await deleteMute(this.db, user.id, otherId);
    return { muted: false };
  }

  async blocked(user: SessionUser, query: PeopleQuery): Promise<PeoplePage> {
    const limit = query.limit ?? PEOPLE_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    return page(await listBlocked(this.db, user.id, { after, limit: limit + 1 }), limit);
  }

  async muted(user: SessionUser, query: PeopleQuery): Promise<PeoplePage> {
    const limit = query.limit ?? PEOPLE_PAGE_SIZE;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    return page(await listMuted(this.db, user.id, { after, limit: limit + 1 }), limit);
  }

  /** Locking or unlocking the profile and the default audience; unlocking approves every waiting request. */
  async setPrivacy(user: SessionUser, settings: PrivacySettings): Promise<MyProfile> {
    await withTransaction(this.db, async (trx) => {
      if (settings.locked) {
        const present = await lockProfiles(trx, this.database.dialect, [user.id]);
        if (!present.has(user.id)) throw refusal('USER_NOT_FOUND', 'User not found');
      } else {
        await this.deps.follows.approveAllRequests(trx, user.id);
      }
      await this.deps.profiles.setPrivacy(trx, user.id, settings);
    });
    return this.deps.profiles.getMine(user);
  }
}

function page(rows: RelatedPersonRow[], limit: number): PeoplePage {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    people: shown.map(({ userId, displayName, pictureUrl }) => ({ userId, displayName, pictureUrl })),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.userId }) : null,
  };
}
