import type { NotificationKind, SubjectType } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import type { PageCursor } from '../../lib/cursor.ts';
import { newId } from '../../lib/ids.ts';

export interface NotificationEvent {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  subject?: { type: SubjectType; id: string };
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
  let query = db
    .deleteFrom('notifications')
    .where('user_id', '=', event.recipientId)
    .where('actor_id', '=', event.actorId)
    .where('kind', '=', event.kind);
  if (event.subject) {
    query = query.where('subject_type', '=', event.subject.type).where('subject_id', '=', event.subject.id);
  }
  await query.execute();
}

export async function deleteNotificationsAbout(db: Db, subject: { type: SubjectType; id: string }): Promise<void> {
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

/** The recipient's notifications, newest first, with who did it. */
export async function listNotifications(db: Db, userId: string, options: { after?: PageCursor; limit: number }) {
  let query = db
    .selectFrom('notifications')
    .innerJoin('profiles', 'profiles.user_id', 'notifications.actor_id')
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
    ])
    .where('notifications.user_id', '=', userId);
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
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
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
