import type { SubjectType } from '@liner/shared';
import { notBlockedBetween, notMutedBy } from '../../db/audience.ts';
import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

/** A subject of likes and comments: a post or a list, by id. */
export interface SubjectRef {
  type: SubjectType;
  id: string;
}

export async function insertLike(db: Db, userId: string, subject: SubjectRef): Promise<void> {
  await db
    .insertInto('likes')
    .values({
      user_id: userId,
      subject_type: subject.type,
      subject_id: subject.id,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Whether a like was removed, so the count moves only when the relation really changed. */
export async function deleteLike(db: Db, userId: string, subject: SubjectRef): Promise<boolean> {
  const result = await db
    .deleteFrom('likes')
    .where('user_id', '=', userId)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasLiked(db: Db, userId: string, subject: SubjectRef): Promise<boolean> {
  const row = await db
    .selectFrom('likes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these subjects the user liked. */
export async function likedAmong(
  db: Db,
  userId: string,
  type: SubjectType,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('subject_id')
    .where('user_id', '=', userId)
    .where('subject_type', '=', type)
    .where('subject_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.subject_id));
}

/** What someone liked, newest first, a page after `after` (its id is the subject's). */
export async function listLikesOf(db: Db, userId: string, options: { after?: PageCursor; limit: number }) {
  let query = db
    .selectFrom('likes')
    .select(['subject_type as type', 'subject_id as id', 'created_at as createdAt'])
    .where('user_id', '=', userId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('subject_id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('subject_id', 'desc').limit(options.limit).execute();
}

export interface CommentRow {
  id: string;
  subjectType: SubjectType;
  subjectId: string;
  userId: string;
  displayName: string;
  pictureUrl: string | null;
  content: string;
  createdAt: string;
  updatedAt: string;
}

function commentsQuery(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('profiles', 'profiles.user_id', 'comments.user_id')
    .select([
      'comments.id',
      'comments.subject_type as subjectType',
      'comments.subject_id as subjectId',
      'comments.user_id as userId',
      'profiles.display_name as displayName',
      'profiles.picture_url as pictureUrl',
      'comments.content',
      'comments.created_at as createdAt',
      'comments.updated_at as updatedAt',
    ]);
}

export async function insertComment(
  db: Db,
  comment: { id: string; userId: string; subject: SubjectRef; content: string },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('comments')
    .values({
      id: comment.id,
      subject_type: comment.subject.type,
      subject_id: comment.subject.id,
      user_id: comment.userId,
      content: comment.content,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return commentsQuery(db).where('comments.id', '=', id).executeTakeFirst();
}

/** A subject's comments, oldest first, a page after `after`. */
export async function listComments(
  db: Db,
  subject: SubjectRef,
  options: { after?: PageCursor; limit: number; viewerId: string | null },
): Promise<CommentRow[]> {
  const { viewerId } = options;
  let query = commentsQuery(db)
    .where('comments.subject_type', '=', subject.type)
    .where('comments.subject_id', '=', subject.id)
    // Nobody reads comments by someone either of them blocked, or by someone they muted.
    .$if(viewerId !== null, (q) =>
      q
        .where(notBlockedBetween(viewerId ?? '', 'comments.user_id'))
        .where(notMutedBy(viewerId ?? '', 'comments.user_id')),
    );
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('comments.created_at', '>', after.createdAt),
        eb.and([eb('comments.created_at', '=', after.createdAt), eb('comments.id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('comments.created_at', 'asc').orderBy('comments.id', 'asc').limit(options.limit).execute();
}

export async function updateComment(db: Db, id: string, content: string): Promise<void> {
  await db
    .updateTable('comments')
    .set({ content, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The beginning of each of these comments, for notifications. */
export async function commentExcerpts(db: Db, ids: readonly string[], chars: number): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comments').select(['id', 'content']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, [...row.content].slice(0, chars).join('')]));
}

/** Removes a subject's likes and comments (the subject is being deleted); returns the comments' ids. */
export async function deleteReactionsOn(db: Db, subject: SubjectRef): Promise<string[]> {
  await db.deleteFrom('likes').where('subject_type', '=', subject.type).where('subject_id', '=', subject.id).execute();
  const comments = await db
    .deleteFrom('comments')
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .returning('id')
    .execute();
  return comments.map((row) => row.id);
}

/** Account deletion: the user's likes, removed, with the subjects whose counts they held. */
export async function deleteLikesBy(db: Db, userId: string): Promise<SubjectRef[]> {
  const rows = await db
    .deleteFrom('likes')
    .where('user_id', '=', userId)
    .returning(['subject_type as type', 'subject_id as id'])
    .execute();
  return rows;
}

/** Account deletion: the user's comments, removed, with the subject each was on. */
export async function deleteCommentsBy(db: Db, userId: string): Promise<SubjectRef[]> {
  return db
    .deleteFrom('comments')
    .where('user_id', '=', userId)
    .returning(['subject_type as type', 'subject_id as id'])
    .execute();
}
