import {
  ALREADY_LIKED,
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentBody,
  type CommentPage,
  type LikedPage,
  type LikeState,
  NOT_LIKED,
  type PageQuery,
  type SubjectType,
} from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { forbidden, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor, SessionUser } from '../../plugins/session.ts';
import type { ReactionsNeeds } from './index.ts';
import {
  type CommentRow,
  commentExcerpts,
  deleteComment,
  deleteCommentsBy,
  deleteLike,
  deleteLikesBy,
  deleteReactionsOn,
  findComment,
  hasLiked,
  insertComment,
  insertLike,
  likedAmong,
  listComments,
  listLikesOf,
  type SubjectRef,
  updateComment,
} from './reactions.repository.ts';
import type { ReactionSubject, SubjectDescription } from './subjects.ts';

const COMMENT_NOT_FOUND = 'Comment not found';

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    author: { userId: row.userId, displayName: row.displayName, pictureUrl: row.pictureUrl },
    content: row.content,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Likes and comments on posts and lists. Each subject's counters move in the same
 * transaction as its rows, under the subject's row lock, so they always equal the rows however many
 * people like and unlike at once. Each like, unlike, comment and removal is published (ADR 45): the
 * bell hears of them without this module knowing it.
 */
export class ReactionsService {
  private readonly subjects = new Map<SubjectType, ReactionSubject>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: ReactionsNeeds,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** The module owning a kind of subject lends it here (app.ts), once. */
  registerSubject(subject: ReactionSubject): void {
    this.subjects.set(subject.type, subject);
  }

  subjectTypes(): SubjectType[] {
    return [...this.subjects.keys()];
  }

  private subject(type: SubjectType): ReactionSubject {
    const subject = this.subjects.get(type);
    if (!subject) throw new Error(`No reaction subject registered for ${type}`);
    return subject;
  }

  /**
   * The liker's profile first, then the subject's row (db/locks.ts): an account deletion of the
   * liker waits for this like, or wins and the like finds no profile.
   */
  private async lockFor(trx: Trx, userId: string, ref: SubjectRef): Promise<string> {
    const present = await lockProfiles(trx, this.database.dialect, [userId]);
    if (!present.has(userId)) throw refusal('USER_NOT_FOUND', 'User not found');
    const subject = this.subject(ref.type);
    const owner = await subject.lockOwner(trx, ref.id);
    // What the person may not read (across a block, or beyond its audience) they cannot touch either.
    if (!owner || !(await subject.readableBy(trx, ref.id, userId))) {
      throw refusal(subject.notFound.code, subject.notFound.message);
    }
    return owner;
  }

  private async likeState(userId: string | null, ref: SubjectRef): Promise<LikeState> {
    const subject = this.subject(ref.type);
    const counts = await subject.counts(this.db, ref.id);
    if (!counts) throw refusal(subject.notFound.code, subject.notFound.message);
    return { liked: userId ? await hasLiked(this.db, userId, ref) : false, likesCount: counts.likes };
  }

  async like(user: Actor, ref: SubjectRef): Promise<LikeState> {
    try {
      await withTransaction(this.db, async (trx) => {
        const owner = await this.lockFor(trx, user.id, ref);
        await insertLike(trx, user.id, ref);
        await this.subject(ref.type).moveCounts(trx, ref.id, { likes: 1 });
        await this.deps.events.publish(trx, 'liked', { actorId: user.id, ownerId: owner, subject: ref });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('ALREADY_LIKED', ALREADY_LIKED);
      throw error;
    }
    return this.likeState(user.id, ref);
  }

  async unlike(user: Actor, ref: SubjectRef): Promise<LikeState> {
    const removed = await withTransaction(this.db, async (trx) => {
      const owner = await this.lockFor(trx, user.id, ref);
      const deleted = await deleteLike(trx, user.id, ref);
      if (deleted) {
        await this.subject(ref.type).moveCounts(trx, ref.id, { likes: -1 });
        // An undone like leaves no notification behind: like, unlike, like tells the author once.
        await this.deps.events.publish(trx, 'unliked', { actorId: user.id, ownerId: owner, subject: ref });
      }
      return deleted;
    });
    if (!removed) throw refusal('NOT_LIKED', NOT_LIKED);
    return this.likeState(user.id, ref);
  }

  /** Which of these subjects the viewer liked (none for a visitor). */
  async likedAmong(viewerId: string | null, type: SubjectType, ids: readonly string[]): Promise<Set<string>> {
    return viewerId ? likedAmong(this.db, viewerId, type, ids) : new Set();
  }

  async comments(viewer: SessionUser | null, ref: SubjectRef, query: PageQuery): Promise<CommentPage> {
    const subject = this.subject(ref.type);
    const viewerId = viewer?.id ?? null;
    const counts = (await subject.readableBy(this.db, ref.id, viewerId))
      ? await subject.counts(this.db, ref.id)
      : undefined;
    if (!counts) throw refusal(subject.notFound.code, subject.notFound.message);
    const limit = query.limit ?? COMMENTS_PAGE_SIZE;
    const rows = await listComments(this.db, ref, {
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
      viewerId,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      comments: page.map(toComment),
      commentsCount: counts.comments,
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** The body is already checked against CommentBodySchema (trimmed, 1–2000 characters). */
  async comment(user: Actor, ref: SubjectRef, body: CommentBody): Promise<Comment> {
    const id = newId();
    await withTransaction(this.db, async (trx) => {
      const owner = await this.lockFor(trx, user.id, ref);
      await insertComment(trx, { id, userId: user.id, subject: ref, content: body.content });
      await this.subject(ref.type).moveCounts(trx, ref.id, { comments: 1 });
      await this.deps.events.publish(trx, 'commented', {
        actorId: user.id,
        ownerId: owner,
        subject: ref,
        commentId: id,
      });
    });
    return this.mustFindComment(id);
  }

  /**
   * A comment on something the person may read (an admin moderates any). A comment beyond that
   * answers as a missing one.
   */
  private async readableComment(user: Actor, commentId: string): Promise<CommentRow> {
    const row = await findComment(this.db, commentId);
    const readable =
      row &&
      (user.role === 'admin' || (await this.subject(row.subjectType).readableBy(this.db, row.subjectId, user.id)));
    if (!row || !readable) throw refusal('COMMENT_NOT_FOUND', COMMENT_NOT_FOUND);
    return row;
  }

  private async mustFindComment(id: string): Promise<Comment> {
    const row = await findComment(this.db, id);
    if (!row) throw refusal('COMMENT_NOT_FOUND', COMMENT_NOT_FOUND);
    return toComment(row);
  }

  /** Only a comment's author edits it. */
  async editComment(user: Actor, commentId: string, body: CommentBody): Promise<Comment> {
    const row = await this.readableComment(user, commentId);
    if (row.userId !== user.id) throw forbidden('You can only edit your own comments');
    const ref: SubjectRef = { type: row.subjectType, id: row.subjectId };
    await withTransaction(this.db, async (trx) => {
      // The subject first, as a deletion locks it (db/locks.ts).
      const ownerId = await this.subject(ref.type).lockOwner(trx, ref.id);
      await updateComment(trx, commentId, body.content);
      if (ownerId) {
        await this.deps.events.publish(trx, 'commentEdited', { actorId: user.id, ownerId, subject: ref, commentId });
      }
    });
    return this.mustFindComment(commentId);
  }

  /**
   * Its author, the author of what it comments on, or an admin deletes a comment. `alongside` runs
   * in the same transaction once it is gone (moderation: closing reports, the audit entry).
   */
  async deleteComment(user: Actor, commentId: string, alongside?: (trx: Trx) => Promise<void>): Promise<void> {
    const row = await this.readableComment(user, commentId);
    const ref: SubjectRef = { type: row.subjectType, id: row.subjectId };
    const subject = this.subject(ref.type);
    const deleted = await withTransaction(this.db, async (trx) => {
      const owner = await subject.lockOwner(trx, ref.id);
      const allowed = user.id === row.userId || user.id === owner || user.role === 'admin';
      if (!allowed) throw forbidden('You can only delete your own comments or comments on your posts');
      const gone = await deleteComment(trx, commentId);
      if (gone) {
        await subject.moveCounts(trx, ref.id, { comments: -1 });
        await this.deps.events.publish(trx, 'commentsRemoved', { commentIds: [commentId] });
        if (owner) {
          await this.deps.events.publish(trx, 'commentDeleted', {
            actorId: row.userId,
            ownerId: owner,
            subject: ref,
            commentId,
          });
        }
        await alongside?.(trx);
      }
      return gone;
    });
    if (!deleted) throw refusal('COMMENT_NOT_FOUND', COMMENT_NOT_FOUND);
  }

  /** What someone liked, newest first (their profile's Likes tab). */
  async likedBy(userId: string, viewer: SessionUser | null, query: PageQuery): Promise<LikedPage> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const limit = query.limit ?? 20;
    const rows = await listLikesOf(this.db, userId, {
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const postIds = page.filter((row) => row.type === 'post').map((row) => row.id);
    const posts = (await this.subjects.get('post')?.cards?.(postIds, viewer?.id ?? null)) ?? new Map();
    const lists = this.subjects.has('list')
      ? await this.subject('list').describe(
          page.filter((row) => row.type === 'list').map((row) => row.id),
          viewer?.id ?? null,
        )
      : new Map();
    const items: LikedPage['items'] = [];
    for (const row of page) {
      const post = row.type === 'post' ? posts.get(row.id) : undefined;
      const described = row.type === 'list' ? lists.get(row.id) : undefined;
      // An unlisted list is listed only to its owner: someone's likes must not publish its address.
      const list = described && (described.listed || described.ownerId === viewer?.id) ? described : undefined;
      if (post) items.push({ likedAt: row.createdAt, subjectType: 'post', post, list: null });
      if (list) {
        items.push({
          likedAt: row.createdAt,
          subjectType: 'list',
          post: null,
          list: { id: row.id, title: list.title, ownerDisplayName: list.ownerDisplayName },
        });
      }
    }
    return {
      items,
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }

  /** Names for the bell: each subject's title and owner, and the start of each comment (those the viewer may read). */
  async describe(viewerId: string, refs: readonly SubjectRef[], commentIds: readonly string[]) {
    const byType = new Map<SubjectType, Map<string, SubjectDescription>>();
    for (const type of this.subjects.keys()) {
      const ids = [...new Set(refs.filter((ref) => ref.type === type).map((ref) => ref.id))];
      byType.set(type, ids.length ? await this.subject(type).describe(ids, viewerId) : new Map());
    }
    return {
      subject: (ref: SubjectRef) => byType.get(ref.type)?.get(ref.id),
      excerpts: await commentExcerpts(this.db, commentIds, 140),
    };
  }

  /**
   * A subject is being deleted: its likes, comments and their notifications go with it, in the
   * caller's transaction, after the subject's row is locked (no like can slip in between).
   */
  async forgetSubject(trx: Trx, ref: SubjectRef): Promise<void> {
    await this.subject(ref.type).lockOwner(trx, ref.id);
    const commentIds = await deleteReactionsOn(trx, ref);
    await this.deps.events.publish(trx, 'subjectRemoved', { subject: ref });
    await this.deps.events.publish(trx, 'commentsRemoved', { commentIds });
  }

  /**
   * Account deletion, in its transaction after the profiles and rating totals are locked: the
   * user's likes and comments leave other people's counts exactly as unliking and deleting would,
   * and the likes and comments on the user's own posts and lists go (their rows are deleted next).
   */
  async removeAllOf(trx: Trx, userId: string): Promise<void> {
    const likes = await deleteLikesBy(trx, userId);
    const comments = await deleteCommentsBy(trx, userId);
    const moves = new Map<string, { ref: SubjectRef; likes: number; comments: number }>();
    const moveOf = (ref: SubjectRef) => {
      const key = `${ref.type}:${ref.id}`;
      const move = moves.get(key) ?? { ref, likes: 0, comments: 0 };
      moves.set(key, move);
      return move;
    };
    for (const ref of likes) moveOf(ref).likes -= 1;
    for (const ref of comments) moveOf(ref).comments -= 1;
    // In key order, so two deletions moving the same subjects take their locks in one order.
    for (const key of [...moves.keys()].sort()) {
      const move = moves.get(key);
      if (move) await this.subject(move.ref.type).moveCounts(trx, move.ref.id, move);
    }
    // Each owned subject's row locked first, as when it is deleted alone: a like in flight on it
    // either commits before (and is deleted here) or finds it gone.
    for (const subject of this.subjects.values()) {
      for (const id of (await subject.ownedBy(trx, userId)).sort()) {
        await this.forgetSubject(trx, { type: subject.type, id });
      }
    }
  }
}
