import type { NotificationKind, SubjectType } from '@liner/shared';
import { notBlockedBetween, notMutedBy } from '../../db/audience.ts';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import type { PageCursor } from '../../lib/cursor.ts';
import { newId } from '../../lib/ids.ts';

export interface NotificationEvent {
  recipientId: string;
  /** Null only for a handled report: the moderator stays anonymous. */
  actorId: string | null;
  kind: NotificationKind;
  subject?: { type: SubjectType | 'report'; id: string };
  commentId?: string;
}

export async function insertNotification(db: Db, event: NotificationEvent): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      id: newId(),
      user_id: event.recipientId,
      actor_id: event.actorId,
      kind: event.kind,
      subject_type: event.subject?.type ?? null,
      subject_id: event.subject?.id ?? null,
      comment_id: event.commentId ?? null,
      created_at: new Date().toISOString(),
      read_at: null,
    })
    .execute();
}

/** Removes the notification of an undone like or follow. */
export async function deleteNotificationOf(db: Db, event: NotificationEvent): Promise<void> {
  let query = db.deleteFrom('notifications').where('user_id', '=', event.recipientId).where('kind', '=', event.kind);
  query = event.actorId === null ? query.where('actor_id', 'is', null) : query.where('actor_id', '=', event.actorId);
  if (event.subject) {
    query = query.where('subject_type', '=', event.subject.type).where('subject_id', '=', event.subject.id);
  }
  await query.execute();
}

export async function deleteNotificationsAbout(
  db: Db,
  subject: { type: SubjectType | 'report'; id: string },
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .execute();
}

export async function deleteNotificationsOfComments(db: Db, commentIds: readonly string[]): Promise<void> {
  for (const part of chunks([...commentIds], 500)) {
    await db.deleteFrom('notifications').where('comment_id', 'in', part).execute();
  }
}

/** Notifications the recipient sees: none from someone either has blocked, or whom they muted. */
function visibleNotifications(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .where('notifications.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('notifications.actor_id', 'is', null),
        eb.and([notBlockedBetween(userId, 'notifications.actor_id'), notMutedBy(userId, 'notifications.actor_id')]),
      ]),
    );
}

/** The recipient's notifications, newest first, with who did it. */
export async function listNotifications(db: Db, userId: string, options: { after?: PageCursor; limit: number }) {
  let query = visibleNotifications(db, userId)
    .leftJoin('profiles', 'profiles.user_id', 'notifications.actor_id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.subject_type as subjectType',
      'notifications.subject_id as subjectId',
      'notifications.comment_id as commentId',
      'notifications.created_at as createdAt',
      'notifications.read_at as readAt',
      'notifications.actor_id as actorId',
      'profiles.display_name as actorDisplayName',
      'profiles.picture_url as actorPictureUrl',
    ]);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('notifications.created_at', '<', after.createdAt),
        eb.and([eb('notifications.created_at', '=', after.createdAt), eb('notifications.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(options.limit)
    .execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await visibleNotifications(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notifications.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks read what the recipient has seen: everything created up to `upTo` (all when absent). */
export async function markRead(db: Db, userId: string, upTo: string | undefined): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (upTo) query = query.where('created_at', '<=', upTo);
  await query.execute();
}

export async function deleteNotificationsBetween(db: Db, a: string, b: string): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('actor_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('actor_id', '=', a)]),
      ]),
    )
    .execute();
}

export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
