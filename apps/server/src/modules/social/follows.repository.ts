import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

export async function isFollowing(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertFollow(db: Db, followerId: string, followingId: string): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: followerId, following_id: followingId, created_at: new Date().toISOString() })
    .execute();
}

/** Returns whether a row was deleted, so counts move only when the relation really changed. */
export async function deleteFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface FollowEdge {
  followerId: string;
  followingId: string;
}

/** Every follow to or from the user. */
export async function followEdgesOf(db: Db, userId: string): Promise<FollowEdge[]> {
  return db
    .selectFrom('follows')
    .select(['follower_id as followerId', 'following_id as followingId'])
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('following_id', '=', userId)]))
    .execute();
}

export async function deleteFollowsOf(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('following_id', '=', userId)]))
    .execute();
}

/**
 * The one place follow counters move: by delta for each follow added (+1) or removed (-1), never
 * below 0. Counts move in place (`count = count + n` under the row lock), so concurrent follows
 * never lose an update. Callers lock the profiles first (db/locks.ts); the updates still run in
 * id order so the order holds even where they do not.
 */
export async function adjustFollowCounts(db: Db, edges: readonly FollowEdge[], delta: 1 | -1): Promise<void> {
  const moves = new Map<string, { follower: number; following: number }>();
  const moveOf = (userId: string) => {
    const move = moves.get(userId) ?? { follower: 0, following: 0 };
    moves.set(userId, move);
    return move;
  };
  for (const edge of edges) {
    moveOf(edge.followerId).following += delta;
    moveOf(edge.followingId).follower += delta;
  }
  const by = (column: 'follower_count' | 'following_count', n: number) =>
    n === 0
      ? sql<number>`${sql.ref(column)}`
      : sql<number>`case when ${sql.ref(column)} + ${n} > 0 then ${sql.ref(column)} + ${n} else 0 end`;
  for (const userId of [...moves.keys()].sort()) {
    const move = moveOf(userId);
    await db
      .updateTable('profiles')
      .set({
        follower_count: by('follower_count', move.follower),
        following_count: by('following_count', move.following),
      })
      .where('user_id', '=', userId)
      .execute();
  }
}

export async function followCounts(db: Db, userId: string) {
  return db
    .selectFrom('profiles')
    .select(['follower_count as followerCount', 'following_count as followingCount'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface FollowListRow {
  userId: string;
  displayName: string;
  pictureUrl: string | null;
  /** When the follow began: the page's order and cursor. */
  createdAt: string;
}

/**
 * One page of a person's followers ('followers') or of whom they follow ('following'), newest
 * follow first, after `after` when given.
 */
export async function listFollowPeople(
  db: Db,
  userId: string,
  which: 'followers' | 'following',
  options: { after?: PageCursor; limit: number },
): Promise<FollowListRow[]> {
  const [self, other] =
    which === 'followers' ? (['following_id', 'follower_id'] as const) : (['follower_id', 'following_id'] as const);
  let query = db
    .selectFrom('follows')
    .innerJoin('profiles', 'profiles.user_id', `follows.${other}`)
    .select([
      `follows.${other} as userId`,
      'profiles.display_name as displayName',
      'profiles.picture_url as pictureUrl',
      'follows.created_at as createdAt',
    ])
    .where(`follows.${self}`, '=', userId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('follows.created_at', '<', after.createdAt),
        eb.and([eb('follows.created_at', '=', after.createdAt), eb(`follows.${other}`, '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('follows.created_at', 'desc').orderBy(`follows.${other}`, 'desc').limit(options.limit).execute();
}
