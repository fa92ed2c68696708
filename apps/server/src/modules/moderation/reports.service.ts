import {
  ALREADY_REPORTED,
  CANNOT_REPORT_SELF,
  type CreateReportBody,
  type DomainErrorCode,
  LIST_NOT_FOUND,
  NO_OPEN_REPORTS,
  REPORT_QUEUE_PAGE_SIZE,
  REPORT_REASON_LABELS,
  REPORTS_PER_HOUR,
  type ReportedItem,
  type ReportGroup,
  type ReportQueue,
  type ReportReceipt,
  type ReportSubjectType,
  type ResolveReportsBody,
  type ResolveReportsResult,
} from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, conflict, notFound, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { Actor, SessionUser } from '../../plugins/session.ts';
import type { ModerationNeeds } from './index.ts';
import {
  closeOpenReports,
  countOpenItems,
  describeItems,
  displayNames,
  findReportable,
  groupCursor,
  type ItemFacts,
  insertReport,
  listOpenGroups,
  type OpenReportRow,
  openReportsOn,
  type ReportRef,
  refKey,
} from './reports.repository.ts';

/** Each kind answers a missing (or hidden) item with its owner's own 404. */
const NOT_FOUND: Record<ReportSubjectType, { code: DomainErrorCode; message: string }> = {
  post: { code: 'POST_NOT_FOUND', message: 'Post not found' },
  comment: { code: 'COMMENT_NOT_FOUND', message: 'Comment not found' },
  list: { code: 'LIST_NOT_FOUND', message: LIST_NOT_FOUND },
  user: { code: 'USER_NOT_FOUND', message: 'User not found' },
};

const KIND_LABELS: Record<ReportSubjectType, string> = {
  post: 'Post',
  comment: 'Comment',
  list: 'List',
  user: 'Profile',
};

/**
 * Reports and the moderation queue (ADR 42). A member reports what they can see; admins handle
 * every open report on an item at once. Removing content goes through the module that owns it (its
 * counts and notifications stay right), suspending through the members service; the reports are
 * closed, their reporters told, and the audit entry written in that same transaction.
 */
export class ModerationService {
  private limiter: Limiter | undefined;

  constructor(
    private readonly db: Db,
    private readonly deps: ModerationNeeds,
  ) {}

  async report(user: Actor, body: CreateReportBody): Promise<ReportReceipt> {
    this.limiter ??= this.deps.limits.limiter('report-user', { points: REPORTS_PER_HOUR, windowSeconds: 60 * 60 });
    const limit = await this.limiter.consume(user.id);
    if (!limit.ok) {
      const seconds = limit.retryAfterSeconds;
      throw new AppError(
        'RATE_LIMITED',
        `You have sent too many reports. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
        { retryAfterSeconds: seconds },
      );
    }
    const ref: ReportRef = { type: body.subjectType, id: body.subjectId };
    const found = await findReportable(this.db, ref, user.id);
    if (!found) throw refusal(NOT_FOUND[ref.type].code, NOT_FOUND[ref.type].message);
    if (found.ownerId === user.id) throw badRequest(CANNOT_REPORT_SELF);
    const receipt = { id: newId(), subjectType: ref.type, subjectId: ref.id, createdAt: new Date().toISOString() };
    try {
      await insertReport(this.db, {
        id: receipt.id,
        reporterId: user.id,
        ref,
        ownerId: found.ownerId,
        reason: body.reason,
        text: body.text ? body.text : null,
        createdAt: receipt.createdAt,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ALREADY_REPORTED);
      throw error;
    }
    return receipt;
  }

  async queue(query: { cursor?: string }): Promise<ReportQueue> {
    const limit = REPORT_QUEUE_PAGE_SIZE;
    const rows = await listOpenGroups(this.db, {
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const reports = await openReportsOn(this.db, page);
    const facts = await describeItems(this.db, page);
    const owners = await displayNames(
      this.db,
      reports.flatMap((report) => (report.ownerId ? [report.ownerId] : [])),
    );
    const groups: ReportGroup[] = page.map((group) => {
      const key = refKey(group);
      const mine = reports.filter((report) => refKey(report.ref) === key);
      return {
        item: toItem(group, facts.get(key), mine, owners),
        count: group.count,
        firstReportedAt: group.firstAt,
        lastReportedAt: group.lastAt,
        reports: mine.map((report) => ({
          id: report.id,
          reporter: report.reporterName ? { userId: report.reporterId, displayName: report.reporterName } : null,
          reason: report.reason,
          text: report.text,
          createdAt: report.createdAt,
        })),
      };
    });
    return {
      groups,
      openItems: await countOpenItems(this.db),
      nextCursor: rows.length > limit && last ? encodeCursor(groupCursor(last)) : null,
    };
  }

  /** Dismisses, removes the item, or suspends its author; every open report on it is closed. */
  async resolve(admin: SessionUser, ref: ReportRef, body: ResolveReportsBody): Promise<ResolveReportsResult> {
    const open = await openReportsOn(this.db, [ref]);
    if (open.length === 0) throw notFound(NO_OPEN_REPORTS);
    const facts = (await describeItems(this.db, [ref])).get(refKey(ref));
    const authorId = facts?.authorId ?? open.find((report) => report.ownerId)?.ownerId ?? null;
    const label = facts ? labelOf(facts) : `${KIND_LABELS[ref.type]} (already gone)`;
    const detail = `${open.length} report${open.length === 1 ? '' : 's'}: ${summarise(open)}`;
    const action = body.action;
    let closed = 0;
    const close = async (trx: Trx) => {
      closed = await this.closeReports(trx, ref, action);
      // Another admin handled them a moment ago: this action is undone with its transaction.
      if (closed === 0) throw conflict('These reports were handled by someone else a moment ago');
    };
    const closeAndLog = (auditAction: 'dismiss_reports' | 'remove_content') => async (trx: Trx) => {
      await close(trx);
      await this.deps.auditLog.record(trx, admin, {
        action: auditAction,
        subject: { type: ref.type, id: ref.id, label },
        note: body.note,
        detail,
      });
    };

    if (action === 'dismiss') {
      await withTransaction(this.db, closeAndLog('dismiss_reports'));
    } else if (action === 'remove') {
      const alongside = closeAndLog('remove_content');
      if (!facts) await withTransaction(this.db, alongside);
      else if (ref.type === 'post') await this.deps.posts.removeAsModerator(ref.id, alongside);
      else if (ref.type === 'comment') await this.deps.reactions.deleteComment(admin, ref.id, alongside);
      else if (ref.type === 'list') await this.deps.lists.delete(admin, ref.id, alongside);
      else await this.deps.profiles.clearAsModerator(ref.id, alongside);
    } else {
      if (!authorId) throw refusal('USER_NOT_FOUND', 'User not found');
      await this.deps.members.suspend(admin, authorId, {
        note: body.note,
        detail: `${detail} on ${label}`,
        alongside: close,
      });
    }
    return { action, closed };
  }

  /**
   * An admin removes a post from the dashboard's posts list: through the posts module, with its
   * audit entry, and any open reports on it closed (their reporters told) in the same transaction.
   */
  async removePost(admin: SessionUser, postId: string): Promise<{ authorId: string }> {
    const ref: ReportRef = { type: 'post', id: postId };
    const facts = (await describeItems(this.db, [ref])).get(refKey(ref));
    return this.deps.posts.removeAsModerator(postId, async (trx) => {
      await this.closeReports(trx, ref, 'remove');
      await this.deps.auditLog.record(trx, admin, {
        action: 'remove_post',
        subject: { type: 'post', id: postId, label: facts ? labelOf(facts) : null },
      });
    });
  }

  /** Closes the item's open reports and tells each reporter it was reviewed (never what was done). */
  private async closeReports(trx: Trx, ref: ReportRef, action: 'dismiss' | 'remove' | 'suspend'): Promise<number> {
    const reports = await closeOpenReports(trx, ref, action, new Date().toISOString());
    for (const report of reports) {
      // No actor: the moderator stays anonymous.
      await this.deps.notifications.notify(trx, {
        recipientId: report.reporterId,
        actorId: null,
        kind: 'report_handled',
        subject: { type: 'report', id: report.id },
      });
    }
    return reports.length;
  }
}

function summarise(reports: readonly OpenReportRow[]): string {
  const counts = new Map<string, number>();
  for (const report of reports) {
    const reason = REPORT_REASON_LABELS[report.reason];
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].map(([reason, n]) => (n === 1 ? reason : `${reason} ×${n}`)).join(', ');
}

function kindLabel(facts: ItemFacts): string {
  if (facts.ref.type === 'post') return facts.postType === 'review' ? 'Review' : 'Note';
  return KIND_LABELS[facts.ref.type];
}

/** How the audit log names the item: its kind, title or start, and whose it is. */
function labelOf(facts: ItemFacts): string {
  if (facts.ref.type === 'user') return `Profile of ${facts.authorName}`;
  const words = facts.title ?? facts.text ?? '';
  const short = words.length > 80 ? `${words.slice(0, 79)}…` : words;
  return `${kindLabel(facts)} “${short}” by ${facts.authorName}`;
}

function toItem(
  ref: ReportRef,
  facts: ItemFacts | undefined,
  reports: readonly OpenReportRow[],
  owners: Map<string, string>,
): ReportedItem {
  if (!facts) {
    const ownerId = reports.find((report) => report.ownerId)?.ownerId ?? null;
    const ownerName = ownerId ? owners.get(ownerId) : undefined;
    return {
      type: ref.type,
      id: ref.id,
      exists: false,
      kindLabel: KIND_LABELS[ref.type],
      title: null,
      text: null,
      pictureUrl: null,
      author: ownerId && ownerName ? { userId: ownerId, displayName: ownerName } : null,
      where: null,
      context: null,
    };
  }
  const where: ReportedItem['where'] =
    ref.type === 'user'
      ? { type: 'profile', id: facts.authorName }
      : ref.type === 'comment' && facts.on
        ? { type: facts.on.type, id: facts.on.id }
        : { type: ref.type === 'list' ? 'list' : 'post', id: ref.id };
  return {
    type: ref.type,
    id: ref.id,
    exists: true,
    kindLabel: kindLabel(facts),
    title: facts.title,
    text: facts.text,
    pictureUrl: facts.pictureUrl,
    author: { userId: facts.authorId, displayName: facts.authorName },
    where,
    context: facts.on ? (facts.on.title ?? null) : null,
  };
}
