import {
  CANNOT_MODERATE_ADMIN,
  CANNOT_MODERATE_SELF,
  MEMBERS_PAGE_SIZE,
  type Member,
  type MemberPage,
  type MembersQuery,
} from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { forbidden, refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { MembersNeeds } from './index.ts';
import { endSessionsOf, findMember, listMembers, markSuspended, memberTotals } from './members.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The members list, suspension and deletion (ADR 30). An admin acts on other people's
 * accounts only, and never on another admin's: a role is taken away where it was given
 * (ADMIN_EMAILS, `npm run cli -- user set-role`), not from the dashboard.
 */
export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly deps: MembersNeeds,
  ) {}

  async list(query: MembersQuery): Promise<MemberPage> {
    const now = Date.now();
    const rows = await listMembers(this.db, {
      q: query.q,
      suspendedOnly: query.status === 'suspended',
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: MEMBERS_PAGE_SIZE + 1,
    });
    const members = rows.slice(0, MEMBERS_PAGE_SIZE);
    const last = members.at(-1);
    return {
      members,
      nextCursor:
        rows.length > MEMBERS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.joinedAt, id: last.id }) : null,
      totals: await memberTotals(
        this.db,
        new Date(now - 7 * DAY_MS).toISOString(),
        new Date(now - 30 * DAY_MS).toISOString(),
      ),
    };
  }

  /**
   * Ends every session at once (here and in Redis) and refuses new ones until lifted: the session
   * plugin treats a suspended account's session as signed out, and sign-in refuses it. The audit
   * entry carries the admin's note; `alongside` runs in the same transaction (moderation).
   */
  async suspend(
    admin: SessionUser,
    userId: string,
    options: { note?: string | null; detail?: string; alongside?: (trx: Trx) => Promise<void> } = {},
  ): Promise<Member> {
    const name = await this.mayModerate(admin, userId);
    await withTransaction(this.db, async (trx) => {
      await markSuspended(trx, userId, new Date().toISOString());
      await endSessionsOf(trx, userId);
      await options.alongside?.(trx);
      await this.deps.auditLog.record(trx, admin, {
        action: 'suspend_member',
        subject: { type: 'user', id: userId, label: name },
        note: options.note,
        detail: options.detail,
      });
    });
    await this.deps.sessionCopies.forgetUser(userId);
    return this.member(userId);
  }

  async unsuspend(admin: SessionUser, userId: string): Promise<Member> {
    const name = await this.mayModerate(admin, userId);
    await withTransaction(this.db, async (trx) => {
      await markSuspended(trx, userId, null);
      await this.deps.auditLog.record(trx, admin, {
        action: 'unsuspend_member',
        subject: { type: 'user', id: userId, label: name },
      });
    });
    return this.member(userId);
  }

  /** Removes the account and all it owns; other people's counts are repaired (account module). */
  async delete(admin: SessionUser, userId: string): Promise<void> {
    const name = await this.mayModerate(admin, userId);
    await this.deps.account.deleteAsModerator(userId, (trx) =>
      this.deps.auditLog.record(trx, admin, {
        action: 'delete_member',
        subject: { type: 'user', id: userId, label: name },
      }),
    );
  }

  /** The member's display name, once they may be acted on. */
  private async mayModerate(admin: SessionUser, userId: string): Promise<string> {
    if (userId === admin.id) throw forbidden(CANNOT_MODERATE_SELF);
    const member = await findMember(this.db, userId);
    if (!member) throw refusal('USER_NOT_FOUND', 'User not found');
    if (member.role === 'admin') throw forbidden(CANNOT_MODERATE_ADMIN);
    return member.displayName;
  }

  private async member(userId: string): Promise<Member> {
    const found = await listMembers(this.db, { only: userId, suspendedOnly: false, limit: 1 });
    const member = found[0];
    if (!member) throw refusal('USER_NOT_FOUND', 'User not found');
    return member;
  }
}
