import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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

/**
 * Moves both counters by delta in place (`count = count + 1` takes a row lock, so concurrent
 * follows never lose an update), never below 0.
 */
export async function adjustFollowCounts(
  db: Db,
  followerId: string,
  followingId: string,
  delta: 1 | -1,
): Promise<void> {
  const move = (column: 'follower_count' | 'following_count') =>
    delta === 1
      ? sql<number>`${sql.ref(column)} + 1`
      : sql<number>`case when ${sql.ref(column)} > 0 then ${sql.ref(column)} - 1 else 0 end`;
  const updates = [
    {
      userId: followerId,
      run: () =>
        db
          .updateTable('profiles')
          .set({ following_count: move('following_count') })
          .where('user_id', '=', followerId)
          .execute(),
    },
    {
      userId: followingId,
      run: () =>
        db
          .updateTable('profiles')
          .set({ follower_count: move('follower_count') })
          .where('user_id', '=', followingId)
          .execute(),
    },
  ];
  // Lock the two profile rows in one global (id) order: when A follows B while B follows A,
  // opposite orders deadlock on PostgreSQL (seen as a 500 in the concurrency test).
  updates.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  for (const update of updates) await update.run();
}

export async function followCounts(db: Db, userId: string) {
  return db
    .selectFrom('profiles')
    .select(['follower_count as followerCount', 'following_count as followingCount'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
