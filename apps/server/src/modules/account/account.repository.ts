import type { Db } from '../../db/database.ts';
import { keysetRead } from '../../db/keyset.ts';

/** The person's account and profile rows, read first: a database that is down refuses the export. */
export async function exportHead(db: Db, userId: string) {
  const [user, profile] = await Promise.all([
    db
      .selectFrom('user')
      .select(['id', 'name', 'email', 'role', 'createdAt'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { user, profile };
}

/**
 * Every list of the person's own rows ("Download my data"), each read a page at a time in the
 * order of a key unique to the person: a library of any size is read without one long statement.
 */
export function exportReads(db: Db, userId: string) {
  return {
    trackRatings: keysetRead(
      db
        .selectFrom('track_ratings')
        .select(['track_id', 'album_id', 'rating', 'updated_at'])
        .where('user_id', '=', userId),
      ['track_id'],
    ),
    albumRatings: keysetRead(
      db.selectFrom('album_ratings').select(['album_id', 'rating_tenths', 'updated_at']).where('user_id', '=', userId),
      ['album_id'],
    ),
    chosenAlbumRatings: keysetRead(
      db
        .selectFrom('chosen_album_ratings')
        .select(['album_id', 'rating_tenths', 'updated_at'])
        .where('user_id', '=', userId),
      ['album_id'],
    ),
    collection: keysetRead(
      db
        .selectFrom('collection_entries')
        .select(['album_id', 'rating_tenths', 'review_post_id', 'date_added'])
        .where('user_id', '=', userId),
      ['album_id'],
    ),
    rateLater: keysetRead(db.selectFrom('rate_later').select(['album_id', 'added_at']).where('user_id', '=', userId), [
      'album_id',
    ]),
    likes: keysetRead(
      db.selectFrom('likes').select(['subject_type', 'subject_id', 'created_at']).where('user_id', '=', userId),
      ['created_at', 'subject_id', 'subject_type'],
    ),
    comments: keysetRead(
      db
        .selectFrom('comments')
        .select(['id', 'subject_type', 'subject_id', 'content', 'created_at', 'updated_at'])
        .where('user_id', '=', userId),
      ['created_at', 'id'],
    ),
    notifications: keysetRead(
      db
        .selectFrom('notifications')
        .select(['id', 'kind', 'actor_id', 'subject_type', 'subject_id', 'comment_id', 'created_at', 'read_at'])
        .where('user_id', '=', userId),
      ['created_at', 'id'],
    ),
    posts: keysetRead(
      db
        .selectFrom('posts')
        .select(['id', 'type', 'title', 'content', 'album_id', 'rating_tenths', 'created_at', 'updated_at'])
        .where('user_id', '=', userId),
      ['created_at', 'id'],
    ),
    following: keysetRead(
      db.selectFrom('follows').select(['following_id', 'created_at']).where('follower_id', '=', userId),
      ['following_id'],
    ),
    followers: keysetRead(
      db.selectFrom('follows').select(['follower_id', 'created_at']).where('following_id', '=', userId),
      ['follower_id'],
    ),
    activities: keysetRead(
      db
        .selectFrom('activities')
        .select(['id', 'action', 'target_id', 'album_id', 'data', 'created_at'])
        .where('user_id', '=', userId),
      ['created_at', 'id'],
    ),
    listens: keysetRead(
      db
        .selectFrom('listens')
        .select(['id', 'album_id', 'listened_on', 'relisten', 'created_at'])
        .where('user_id', '=', userId),
      ['listened_on', 'created_at', 'id'],
    ),
    favouriteAlbums: keysetRead(
      db.selectFrom('favourite_albums').select(['position', 'album_id', 'created_at']).where('user_id', '=', userId),
      ['position'],
    ),
    scoreReveals: keysetRead(
      db.selectFrom('score_reveals').select(['album_id', 'created_at']).where('user_id', '=', userId),
      ['album_id'],
    ),
    imports: keysetRead(
      db
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
        .where('user_id', '=', userId),
      ['created_at', 'id'],
    ),
  };
}

/**
 * The songs heard in some of the person's listens (a page of them), by listen and song. Read
 * through the listens' own pages: a keyset over every listen_songs row would walk other people's.
 */
export function listenSongsOf(db: Db, listenIds: readonly string[]) {
  if (listenIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('listen_songs')
    .select(['listen_id', 'track_id'])
    .where('listen_id', 'in', listenIds)
    .orderBy('listen_id')
    .orderBy('track_id')
    .execute();
}

/** One import's rows and their outcome, a page at a time (an import of scrobbles has thousands). */
export function importRowsOf(db: Db, jobId: string) {
  return keysetRead(
    db
      .selectFrom('import_rows')
      .select(['job_id', 'row_no', 'line', 'status', 'artist', 'title', 'year', 'album_id', 'message'])
      .where('job_id', '=', jobId),
    ['row_no'],
  );
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
