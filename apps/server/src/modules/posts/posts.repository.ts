import type { Post, PostType } from '@liner/shared';
import { sql } from 'kysely';
import { itemReadableBy, type Reader } from '../../db/audience.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { Audience } from '../../db/schema.ts';
import { albumImageUrl } from '../../lib/album-image.ts';
import type { PageCursor } from '../../lib/cursor.ts';
import type { SubjectDescription } from '../reactions/index.ts';

const postReadableBy = (viewerId: string | null) =>
  itemReadableBy(viewerId, { owner: 'posts.user_id', audience: 'posts.audience' });

function postsQuery(db: Db, reader: Reader) {
  return (
    db
      .selectFrom('posts')
      .$if(reader !== 'everything', (query) =>
        query.where(postReadableBy(reader === 'everything' ? null : reader.viewerId)),
      )
      .innerJoin('profiles', 'profiles.user_id', 'posts.user_id')
      .leftJoin('albums', 'albums.id', 'posts.album_id')
      // A review by a person of another server (federation, ADR 53) names where it came from.
      .leftJoin('remote_objects', (join) =>
        join.onRef('remote_objects.local_id', '=', 'posts.id').on('remote_objects.kind', '=', 'post'),
      )
      .select([
        'remote_objects.uri as remote_url',
        'posts.id',
        'posts.user_id',
        'posts.type',
        'posts.title',
        'posts.content',
        'posts.album_id',
        'posts.rating_tenths',
        'posts.likes_count',
        'posts.comments_count',
        'posts.boosts_count',
        'posts.created_at',
        'posts.updated_at',
        'posts.audience',
        'profiles.display_name',
        'albums.title as album_title',
        'albums.artist_name as album_artist',
        'albums.cover_url as album_cover',
      ])
  );
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postsQuery>['executeTakeFirstOrThrow']>>;

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    userId: row.user_id,
    userDisplayName: row.display_name,
    type: row.type,
    title: row.title,
    content: row.content,
    album:
      row.album_id && row.album_title
        ? {
            id: row.album_id,
            name: row.album_title,
            artistName: row.album_artist ?? '',
            imageUrl: albumImageUrl(row.album_id, row.album_cover),
          }
        : null,
    rating: row.rating_tenths === null ? null : row.rating_tenths / 10,
    likesCount: row.likes_count,
    commentsCount: row.comments_count,
    boostsCount: Number(row.boosts_count),
    likedByMe: false,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    visibility: row.audience,
    remoteUrl: row.remote_url ?? null,
  };
}

export interface NewPost {
  id: string;
  userId: string;
  type: PostType;
  title: string;
  content: string;
  albumId?: string;
  ratingTenths?: number;
  /** Absent: the author's default audience. */
  audience?: Audience;
}

export async function insertPost(db: Db, post: NewPost): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('posts')
    .values({
      id: post.id,
      user_id: post.userId,
      type: post.type,
      title: post.title,
      content: post.content,
      album_id: post.albumId ?? null,
      rating_tenths: post.ratingTenths ?? null,
      created_at: now,
      updated_at: now,
      audience:
        post.audience ??
        db.selectFrom('profiles').select('profiles.default_audience').where('profiles.user_id', '=', post.userId),
    })
    .execute();
}

/** Whether this person already posted a review with this text on this album (an import read twice). */
export async function hasReviewWithText(db: Db, userId: string, albumId: string, content: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .where('type', '=', 'review')
    .where('content', '=', content)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPost(db: Db, id: string, reader: Reader = 'everything'): Promise<Post | undefined> {
  const row = await postsQuery(db, reader).where('posts.id', '=', id).executeTakeFirst();
  return row && toPost(row);
}

/** Whether the viewer may read this post (false when it is missing: the two look the same). */
export async function isPostReadableBy(db: Db, id: string, viewerId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('posts.id')
    .where('posts.id', '=', id)
    .where(postReadableBy(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Notes and reviews newest first, a page after `after`: one person's (their profile), or
 * everyone's when `userId` is absent (the admins' moderation list).
 */
export async function listPosts(
  db: Db,
  options: { userId?: string; type?: PostType; after?: PageCursor; limit: number; reader: Reader },
): Promise<Post[]> {
  let query = postsQuery(db, options.reader);
  if (options.userId) query = query.where('posts.user_id', '=', options.userId);
  if (options.type) query = query.where('posts.type', '=', options.type);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('posts.created_at', '<', after.createdAt),
        eb.and([eb('posts.created_at', '=', after.createdAt), eb('posts.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map(toPost);
}

export async function listReviewsOfAlbum(db: Db, albumId: string, limit: number, reader: Reader): Promise<Post[]> {
  const viewerId = reader === 'everything' ? null : reader.viewerId;
  const rows = await postsQuery(db, reader)
    .where('posts.album_id', '=', albumId)
    .where('posts.type', '=', 'review')
    // Someone of another server an admin silenced (or whose server they did) is read on an
    // album's page only by the members who follow them.
    .where((eb) => {
      const unsilenced = eb.not(
        eb.exists(
          eb
            .selectFrom('remote_actors')
            .select('remote_actors.user_id')
            .whereRef('remote_actors.user_id', '=', 'posts.user_id')
            .where((silenced) =>
              silenced.or([
                silenced('remote_actors.silenced_at', 'is not', null),
                silenced('remote_actors.server_silenced', '=', 1),
              ]),
            ),
        ),
      );
      if (!viewerId) return unsilenced;
      const followed = eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.follower_id')
          .where('follows.follower_id', '=', viewerId)
          .whereRef('follows.following_id', '=', 'posts.user_id'),
      );
      return eb.or([unsilenced, followed]);
    })
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toPost);
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

export async function postOwner(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('posts').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}

/** A post's new title and content (either may stay), and the moment of the edit. */
export async function updatePost(
  db: Db,
  id: string,
  changes: { title?: string; content?: string; audience?: Audience; ratingTenths?: number; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('posts')
    .set({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.content === undefined ? {} : { content: changes.content }),
      ...(changes.audience === undefined ? {} : { audience: changes.audience }),
      ...(changes.ratingTenths === undefined ? {} : { rating_tenths: changes.ratingTenths }),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function findPosts(db: Db, ids: readonly string[], reader: Reader): Promise<Post[]> {
  if (ids.length === 0) return [];
  return (await postsQuery(db, reader).where('posts.id', 'in', ids).execute()).map(toPost);
}

/** Locks a post's row until the transaction ends (PostgreSQL; SQLite writes one at a time): its author. */
export async function lockPostOwner(db: Db, dialect: Dialect, id: string): Promise<string | undefined> {
  let query = db.selectFrom('posts').select('user_id').where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst())?.user_id;
}

export async function postIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).map((row) => row.id);
}

/** Each post's title (a review's album title) and author, for notifications: those the viewer may read. */
export async function describePosts(db: Db, ids: readonly string[], viewerId: string | null) {
  if (ids.length === 0) return new Map<string, SubjectDescription>();
  const rows = await db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.user_id', 'posts.user_id')
    .select(['posts.id', 'posts.title', 'posts.user_id', 'profiles.display_name'])
    .where('posts.id', 'in', ids)
    .where(postReadableBy(viewerId))
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { title: row.title, ownerId: row.user_id, ownerDisplayName: row.display_name, listed: true },
    ]),
  );
}

/** A boost, once per person and post: true when it is new. */
export async function insertBoost(db: Db, userId: string, postId: string): Promise<boolean> {
  const result = await db
    .insertInto('boosts')
    .values({ user_id: userId, post_id: postId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteBoost(db: Db, userId: string, postId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('boosts')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function boostedBy(db: Db, userId: string): Promise<string[]> {
  return (await db.selectFrom('boosts').select('post_id').where('user_id', '=', userId).execute()).map(
    (r) => r.post_id,
  );
}

/** The one place a post's boost count moves, in place under the row lock, never below 0. */
export async function moveBoostCount(db: Db, postId: string, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('posts')
    .set((eb) => ({
      boosts_count: sql<number>`case when ${eb.ref('boosts_count')} + ${delta} < 0 then 0 else ${eb.ref('boosts_count')} + ${delta} end`,
    }))
    .where('id', '=', postId)
    .execute();
}
