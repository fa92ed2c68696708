import type { Db } from '../../db/database.ts';

/** Everything a user owns, for 'Download my data'. */
/** Every row of the person's own data, as stored ("Download my data"). */
export async function exportUserData(db: Db, userId: string) {
  const ofUser = {
    user: db
      .selectFrom('user')
      .select(['id', 'name', 'email', 'role', 'createdAt'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    profile: db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    trackRatings: db
      .selectFrom('track_ratings')
      .select(['track_id', 'album_id', 'rating', 'updated_at'])
      .where('user_id', '=', userId)
      .execute(),
    albumRatings: db
      .selectFrom('album_ratings')
      .select(['album_id', 'rating_tenths', 'updated_at'])
      .where('user_id', '=', userId)
      .execute(),
    chosenAlbumRatings: db
      .selectFrom('chosen_album_ratings')
      .select(['album_id', 'rating_tenths', 'updated_at'])
      .where('user_id', '=', userId)
      .execute(),
    collection: db
      .selectFrom('collection_entries')
      .select(['album_id', 'rating_tenths', 'review_post_id', 'date_added'])
      .where('user_id', '=', userId)
      .execute(),
    rateLater: db.selectFrom('rate_later').select(['album_id', 'added_at']).where('user_id', '=', userId).execute(),
    likes: db
      .selectFrom('likes')
      .select(['subject_type', 'subject_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    comments: db
      .selectFrom('comments')
      .select(['id', 'subject_type', 'subject_id', 'content', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    notifications: db
      .selectFrom('notifications')
      .select(['kind', 'actor_id', 'subject_type', 'subject_id', 'comment_id', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    favouriteAlbums: db
      .selectFrom('favourite_albums')
      .select(['position', 'album_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('position')
      .execute(),
    listens: db
      .selectFrom('listens')
      .select(['id', 'album_id', 'listened_on', 'relisten', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('listened_on')
      .orderBy('created_at')
      .execute(),
    listenSongs: db
      .selectFrom('listen_songs')
      .innerJoin('listens', 'listens.id', 'listen_songs.listen_id')
      .select(['listen_songs.listen_id', 'listen_songs.track_id'])
      .where('listens.user_id', '=', userId)
      .orderBy('listen_songs.listen_id')
      .orderBy('listen_songs.track_id')
      .execute(),
    imports: db
      .selectFrom('import_jobs')
      .select([
        'id',
        'source',
        'file_name',
        'status',
        'total_rows',
        'matched',
        'unmatched',
        'skipped',
        'errors',
        'created_at',
        'finished_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    importRows: db
      .selectFrom('import_rows')
      .innerJoin('import_jobs', 'import_jobs.id', 'import_rows.job_id')
      .select([
        'import_rows.job_id',
        'import_rows.row_no',
        'import_rows.line',
        'import_rows.status',
        'import_rows.artist',
        'import_rows.title',
        'import_rows.year',
        'import_rows.album_id',
        'import_rows.message',
      ])
      .where('import_jobs.user_id', '=', userId)
      .orderBy('import_rows.job_id')
      .orderBy('import_rows.row_no')
      .execute(),
    posts: db
      .selectFrom('posts')
      .select(['id', 'type', 'title', 'content', 'album_id', 'rating_tenths', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .execute(),
    following: db
      .selectFrom('follows')
      .select(['following_id', 'created_at'])
      .where('follower_id', '=', userId)
      .execute(),
    followers: db
      .selectFrom('follows')
      .select(['follower_id', 'created_at'])
      .where('following_id', '=', userId)
      .execute(),
    activities: db
      .selectFrom('activities')
      .select(['id', 'action', 'target_id', 'album_id', 'data', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
  };
  const keys = Object.keys(ofUser) as (keyof typeof ofUser)[];
  const values = await Promise.all(keys.map((key) => ofUser[key]));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as {
    [K in keyof typeof ofUser]: Awaited<(typeof ofUser)[K]>;
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
