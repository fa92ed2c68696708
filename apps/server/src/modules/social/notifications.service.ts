import type { NotificationPage, PageQuery } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { NotificationsNeeds } from './index.ts';
import {
  blockedEitherWay,
  countUnread,
  deleteNotificationOf,
  deleteNotificationsAbout,
  deleteNotificationsBetween,
  deleteNotificationsOfComments,
  insertNotification,
  listNotifications,
  markRead,
  type NotificationEvent,
} from './notifications.repository.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * The bell: someone followed you, liked or commented on your post or list. Written in
 * the transaction of the action it tells of, so it exists exactly when the action does.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly deps: NotificationsNeeds,
  ) {}

  /** Nobody is told of what they did themselves, nor of anything from someone either has blocked. */
  async notify(trx: Db, event: NotificationEvent): Promise<void> {
    if (event.recipientId === event.actorId) return;
    if (event.actorId !== null && (await blockedEitherWay(trx, event.recipientId, event.actorId))) return;
    await insertNotification(trx, event);
  }

  /** An undone like or follow takes its notification back. */
  async retract(trx: Db, event: NotificationEvent): Promise<void> {
    await deleteNotificationOf(trx, event);
  }

  /** A block ends what each was told about the other. */
  forgetBetween(trx: Db, a: string, b: string): Promise<void> {
    return deleteNotificationsBetween(trx, a, b);
  }

  forgetSubject(trx: Db, subject: NonNullable<NotificationEvent['subject']>): Promise<void> {
    return deleteNotificationsAbout(trx, subject);
  }

  forgetComments(trx: Db, commentIds: readonly string[]): Promise<void> {
    return deleteNotificationsOfComments(trx, commentIds);
  }

  async list(user: SessionUser, query: PageQuery): Promise<NotificationPage> {
    const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
    const rows = await listNotifications(this.db, user.id, {
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const subjectOf = (row: (typeof page)[number]) =>
      row.subjectType && row.subjectType !== 'report' && row.subjectId
        ? { type: row.subjectType, id: row.subjectId }
        : null;
    const names = await this.deps.reactions.describe(
      user.id,
      page.flatMap((row) => {
        const ref = subjectOf(row);
        return ref ? [ref] : [];
      }),
      page.flatMap((row) => (row.commentId ? [row.commentId] : [])),
    );
    const notifications: NotificationPage['notifications'] = [];
    for (const row of page) {
      const ref = subjectOf(row);
      const subject = ref ? names.subject(ref) : undefined;
      // A subject whose deletion raced this read says nothing worth a line.
      if (ref && !subject) continue;
      notifications.push({
        id: row.id,
        kind: row.kind,
        actor:
          row.actorId && row.actorDisplayName !== null
            ? { userId: row.actorId, displayName: row.actorDisplayName, pictureUrl: row.actorPictureUrl }
            : null,
        subject:
          ref && subject
            ? { type: ref.type, id: ref.id, title: subject.title, ownerDisplayName: subject.ownerDisplayName }
            : null,
        excerpt: row.commentId ? (names.excerpts.get(row.commentId) ?? null) : null,
        createdAt: row.createdAt,
        read: row.readAt !== null,
      });
    }
    return {
      notifications,
      unreadCount: await countUnread(this.db, user.id),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  unreadCount(user: SessionUser): Promise<number> {
    return countUnread(this.db, user.id);
  }

  markRead(user: SessionUser, upTo: string | undefined): Promise<void> {
    return markRead(this.db, user.id, upTo);
  }
}
