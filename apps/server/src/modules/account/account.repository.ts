import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Everything a user owns, for 'Download my data'. */
export async function exportUserData(db: Db, userId: string) {
  const [user, profile, trackRatings, albumRatings, collection, rateLater, posts, following, followers] =
    await Promise.all([
      db
        .selectFrom('user')
        .select(['id', 'name', 'email', 'role', 'createdAt'])
        .where('id', '=', userId)
        .executeTakeFirst(),
      db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('track_ratings')
        .select(['track_id', 'album_id', 'rating', 'updated_at'])
        .where('user_id', '=', userId)
        .execute(),
      db
        .selectFrom('album_ratings')
        .select(['album_id', 'rating_tenths', 'updated_at'])
        .where('user_id', '=', userId)
        .execute(),
      db
        .selectFrom('collection_entries')
        .select(['album_id', 'rating_tenths', 'review_post_id', 'date_added'])
        .where('user_id', '=', userId)
        .execute(),
      db.selectFrom('rate_later').select(['album_id', 'added_at']).where('user_id', '=', userId).execute(),
      db
        .selectFrom('posts')
        .select(['id', 'type', 'title', 'content', 'album_id', 'rating_tenths', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .execute(),
      db.selectFrom('follows').select(['following_id', 'created_at']).where('follower_id', '=', userId).execute(),
      db.selectFrom('follows').select(['follower_id', 'created_at']).where('following_id', '=', userId).execute(),
    ]);
  return { user, profile, trackRatings, albumRatings, collection, rateLater, posts, following, followers };
}

/** Lowers the counts of everyone the user followed or was followed by, before the rows go. */
export async function releaseFollowCounts(db: Db, userId: string): Promise<void> {
  const dec = (column: 'follower_count' | 'following_count') =>
    sql<number>`case when ${sql.ref(column)} > 0 then ${sql.ref(column)} - 1 else 0 end`;
  const followed = await db.selectFrom('follows').select('following_id').where('follower_id', '=', userId).execute();
  for (const row of followed) {
    await db
      .updateTable('profiles')
      .set({ follower_count: dec('follower_count') })
      .where('user_id', '=', row.following_id)
      .execute();
  }
  const followers = await db.selectFrom('follows').select('follower_id').where('following_id', '=', userId).execute();
  for (const row of followers) {
    await db
      .updateTable('profiles')
      .set({ following_count: dec('following_count') })
      .where('user_id', '=', row.follower_id)
      .execute();
  }
}

export async function userTrackRatings(db: Db, userId: string) {
  return db
    .selectFrom('track_ratings')
    .select(['track_id', 'album_id', 'rating'])
    .where('user_id', '=', userId)
    .execute();
}

export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}
