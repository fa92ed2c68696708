import type { Db } from '../../db/database.ts';

/** Everything a user owns, for 'Download my data'. */
export async function exportUserData(db: Db, userId: string) {
  const [
    user,
    profile,
    trackRatings,
    albumRatings,
    chosenAlbumRatings,
    collection,
    rateLater,
    posts,
    following,
    followers,
  ] = await Promise.all([
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
      .selectFrom('chosen_album_ratings')
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
  return {
    user,
    profile,
    trackRatings,
    albumRatings,
    chosenAlbumRatings,
    collection,
    rateLater,
    posts,
    following,
    followers,
  };
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
