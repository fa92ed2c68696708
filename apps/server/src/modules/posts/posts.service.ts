import {
  type CreateNoteBody,
  ONLY_REVIEWS_RATED,
  POSTS_PAGE_SIZE,
  type Post,
  type PostPage,
  type PostType,
  REVIEW_TITLE_FIXED,
  type UpdatePostBody,
} from '@liner/shared';
import { type Reader, readerOf } from '../../db/audience.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { moveReactionCounts, reactionCounts } from '../../db/reaction-counts.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest, forbidden, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { ReactionSubject } from '../reactions/index.ts';
import type { PostsNeeds } from './index.ts';
import {
  boostedBy,
  deleteBoost,
  deletePost,
  describePosts,
  findPost,
  findPosts,
  hasReviewWithText,
  insertBoost,
  insertPost,
  isPostReadableBy,
  listPosts,
  listReviewsOfAlbum,
  lockPostOwner,
  moveBoostCount,
  type NewPost,
  postIdsOf,
  postOwner,
  updatePost,
} from './posts.repository.ts';

export class PostsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: PostsNeeds,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Notes and reviews as subjects of likes and comments (reactions module). */
  readonly reactionSubject: ReactionSubject = {
    type: 'post',
    notFound: { code: 'POST_NOT_FOUND', message: 'Post not found' },
    lockOwner: (trx, id) => lockPostOwner(trx, this.database.dialect, id),
    moveCounts: (trx, id, change) => moveReactionCounts(trx, 'posts', id, change),
    counts: (db, id) => reactionCounts(db, 'posts', id),
    ownedBy: (trx, userId) => postIdsOf(trx, userId),
    readableBy: (db, id, viewerId) => isPostReadableBy(db, id, viewerId),
    describe: (ids, viewerId) => describePosts(this.db, ids, viewerId),
    cards: (ids, viewerId) => this.byIds(ids, viewerId),
  };

  /** Each post with whether the viewer liked it. */
  private async withLikes(posts: Post[], viewerId: string | null): Promise<Post[]> {
    if (!viewerId || posts.length === 0) return posts;
    const liked = await this.deps.reactions.likedAmong(
      viewerId,
      'post',
      posts.map((post) => post.id),
    );
    return posts.map((post) => ({ ...post, likedByMe: liked.has(post.id) }));
  }

  /** These posts by id, those the viewer may read, as they see them (the Likes tab). */
  async byIds(ids: readonly string[], viewerId: string | null): Promise<Map<string, Post>> {
    const found = await findPosts(this.db, ids, { viewerId });
    const posts = await this.withLikes(await this.withCurrentRatings(found), viewerId);
    return new Map(posts.map((post) => [post.id, post]));
  }

  /** A review shows its author's album rating as it is now (ADR 21), as their collection does. */
  private async withCurrentRatings(posts: Post[]): Promise<Post[]> {
    const reviews = posts.filter((post) => post.type === 'review' && post.album);
    if (reviews.length === 0) return posts;
    const ratingOf = await this.deps.ratings.albumRatings(
      reviews.map((post) => post.userId),
      reviews.map((post) => post.album?.id ?? ''),
    );
    return posts.map((post) => {
      const tenths = post.type === 'review' && post.album ? ratingOf(post.userId, post.album.id) : null;
      return tenths === null ? post : { ...post, rating: tenths / 10 };
    });
  }

  /** A review written with a collection entry, in the caller's transaction (collection module). */
  async insertReview(trx: Db, review: Omit<NewPost, 'type'>): Promise<void> {
    await insertPost(trx, { ...review, type: 'review' });
  }

  /**
   * An imported review that has no rating, in the caller's transaction: posted unless
   * the person already posted the same text on the album. True when it was posted.
   */
  async importReviewIn(trx: Db, review: Omit<NewPost, 'type' | 'ratingTenths'>): Promise<boolean> {
    if (await hasReviewWithText(trx, review.userId, review.albumId ?? '', review.content)) return false;
    await insertPost(trx, { ...review, type: 'review' });
    return true;
  }

  /** The latest reviews of an album the viewer may read, for its community panel (ratings module). */
  async latestReviewsOfAlbum(albumId: string, limit: number, viewerId: string | null): Promise<Post[]> {
    const reviews = await listReviewsOfAlbum(this.db, albumId, limit, { viewerId });
    return this.withLikes(await this.withCurrentRatings(reviews), viewerId);
  }

  /**
   * A review by a person of another server that members here follow (federation, ADR 53): a review
   * like a member's, in their followers' feeds and on the album's page. Its text is already plain.
   */
  async postRemoteReview(review: {
    userId: string;
    displayName: string;
    album: { id: string; name: string; artistName: string; imageUrl: string };
    content: string;
    tenths: number;
    audience: 'public' | 'followers';
  }): Promise<string> {
    const id = newId();
    await withTransaction(this.db, async (trx) => {
      await insertPost(trx, {
        id,
        userId: review.userId,
        type: 'review',
        title: review.album.name,
        content: review.content,
        albumId: review.album.id,
        ratingTenths: review.tenths,
        audience: review.audience,
      });
      await this.deps.events.publish(trx, 'reviewPosted', {
        userId: review.userId,
        displayName: review.displayName,
        postId: id,
        album: review.album,
        tenths: review.tenths,
      });
    });
    return id;
  }

  /** Its author's server edited a review of theirs (federation): the new text and stars. */
  async editRemoteReview(
    postId: string,
    authorId: string,
    changes: { content: string; tenths: number },
  ): Promise<void> {
    if ((await postOwner(this.db, postId)) !== authorId) return;
    await withTransaction(this.db, async (trx) => {
      await updatePost(trx, postId, {
        content: changes.content,
        ratingTenths: changes.tenths,
        updatedAt: new Date().toISOString(),
      });
      await this.deps.events.publish(trx, 'postEdited', { userId: authorId, postId });
    });
  }

  /** Its author's server deleted a post of theirs (federation). */
  async removeRemotePost(postId: string, authorId: string): Promise<void> {
    if ((await postOwner(this.db, postId)) !== authorId) return;
    await this.removePost(postId);
  }

  /**
   * Someone of another server shared a post they may read (federation's Announce): counted once per
   * person; false when it was counted already or they may not read it.
   */
  async boost(actorId: string, postId: string): Promise<boolean> {
    return withTransaction(this.db, async (trx) => {
      if (!(await isPostReadableBy(trx, postId, actorId))) return false;
      if (!(await insertBoost(trx, actorId, postId))) return false;
      await moveBoostCount(trx, postId, 1);
      return true;
    });
  }

  async unboost(actorId: string, postId: string): Promise<void> {
    await withTransaction(this.db, async (trx) => {
      if (await deleteBoost(trx, actorId, postId)) await moveBoostCount(trx, postId, -1);
    });
  }

  /** Account deletion: the person's boosts leave the posts' counts, in the deletion's transaction. */
  async removeBoostsOf(trx: Trx, userId: string): Promise<void> {
    for (const postId of await boostedBy(trx, userId)) {
      if (await deleteBoost(trx, userId, postId)) await moveBoostCount(trx, postId, -1);
    }
  }

  /** The note is already checked against CreateNoteBodySchema (trimmed, within its limits). */
  async createNote(user: SessionUser, note: CreateNoteBody): Promise<Post> {
    const id = newId();
    const profile = await this.deps.profiles.findByUserId(user.id);
    await withTransaction(this.db, async (trx) => {
      await insertPost(trx, {
        id,
        userId: user.id,
        type: 'note',
        title: note.title,
        content: note.content,
        audience: note.visibility,
      });
      await this.deps.events.publish(trx, 'notePosted', {
        userId: user.id,
        displayName: profile?.display_name ?? user.name,
        postId: id,
        title: note.title,
      });
    });
    const created = await findPost(this.db, id);
    if (!created) throw refusal('POST_NOT_FOUND', 'Post not found');
    return created;
  }

  async listByUser(
    userId: string,
    query: { type?: PostType; cursor?: string; limit?: number },
    viewer: SessionUser | null = null,
  ): Promise<PostPage> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const page = await this.page(
      { userId, type: query.type, cursor: query.cursor },
      query.limit ?? POSTS_PAGE_SIZE,
      readerOf(viewer),
    );
    return { ...page, posts: await this.withLikes(page.posts, viewer?.id ?? null) };
  }

  /** Everyone's posts, whoever may read them, newest first, for the admins' moderation list. */
  listRecent(query: { type?: PostType; cursor?: string }, limit: number): Promise<PostPage> {
    return this.page(query, limit, 'everything');
  }

  private async page(
    query: { userId?: string; type?: PostType; cursor?: string },
    limit: number,
    reader: Reader,
  ): Promise<PostPage> {
    const posts = await listPosts(this.db, {
      userId: query.userId,
      type: query.type,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
      reader,
    });
    const page = posts.slice(0, limit);
    const last = page.at(-1);
    return {
      posts: await this.withCurrentRatings(page),
      nextCursor: posts.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * One note or review, as its own page shows it (and as shares and the feed link to it): its
   * album's current rating for a review, and whether the viewer liked it. One the viewer may not
   * read answers exactly as a missing one: 404.
   */
  async get(postId: string, viewer: SessionUser | null): Promise<Post> {
    const post = await findPost(this.db, postId, readerOf(viewer));
    if (!post) throw refusal('POST_NOT_FOUND', 'Post not found');
    const [shown] = await this.withLikes(await this.withCurrentRatings([post]), viewer?.id ?? null);
    return shown ?? post;
  }

  /**
   * The author edits a note's title and content, or a review's text and rating. A
   * review's rating is its author's album rating (ADR 21): editing it chooses that rating, so the
   * album page, the collection and the review keep showing one number. The post then reads as
   * edited (updatedAt after createdAt).
   */
  async update(user: SessionUser, postId: string, changes: UpdatePostBody): Promise<Post> {
    const post = await findPost(this.db, postId, readerOf(user));
    if (!post) throw refusal('POST_NOT_FOUND', 'Post not found');
    if (post.userId !== user.id) throw forbidden('You can only edit your own posts');
    if (post.type === 'note' && changes.rating !== undefined) throw badRequest(ONLY_REVIEWS_RATED);
    if (post.type === 'review' && changes.title !== undefined) throw badRequest(REVIEW_TITLE_FIXED);
    if (changes.rating !== undefined && post.album) {
      await this.deps.ratings.chooseAlbumRating(user, post.album.id, changes.rating);
    }
    await withTransaction(this.db, async (trx) => {
      await updatePost(trx, postId, {
        title: changes.title,
        content: changes.content,
        audience: changes.visibility,
        updatedAt: new Date().toISOString(),
      });
      await this.deps.events.publish(trx, 'postEdited', { userId: user.id, postId });
    });
    const updated = await findPost(this.db, postId);
    if (!updated) throw refusal('POST_NOT_FOUND', 'Post not found');
    const [shown] = await this.withLikes(await this.withCurrentRatings([updated]), user.id);
    return shown ?? updated;
  }

  /** Only a post's author may delete it (spec §6), whatever the client shows. */
  async delete(user: SessionUser, postId: string): Promise<void> {
    const owner = (await isPostReadableBy(this.db, postId, user.id)) ? await postOwner(this.db, postId) : undefined;
    if (!owner) throw refusal('POST_NOT_FOUND', 'Post not found');
    if (owner !== user.id) throw forbidden('You can only delete your own posts');
    await this.removePost(postId);
  }

  /**
   * An admin removes anyone's note or review. The collection entry a review was
   * written with stays, without its review, as when its author deletes it. `alongside` runs in the
   * same transaction (moderation: closing reports, the audit entry).
   */
  async removeAsModerator(postId: string, alongside?: (trx: Trx) => Promise<void>): Promise<{ authorId: string }> {
    const owner = await postOwner(this.db, postId);
    if (!owner) throw refusal('POST_NOT_FOUND', 'Post not found');
    await this.removePost(postId, alongside);
    return { authorId: owner };
  }

  private async removePost(postId: string, alongside?: (trx: Trx) => Promise<void>): Promise<void> {
    await withTransaction(this.db, async (trx) => {
      // The post's row first (reactions lock it): no like or comment lands between these deletes;
      // forgetting it tells the bell and the activity log (subjectRemoved).
      await this.deps.reactions.forgetSubject(trx, { type: 'post', id: postId });
      await deletePost(trx, postId);
      await alongside?.(trx);
    });
  }
}
