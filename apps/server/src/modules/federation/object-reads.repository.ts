import type { Db } from '../../db/database.ts';
import type { Audience } from '../../db/schema.ts';

/** The album a post or rating is about, as other servers are shown it. */
export interface AlbumForFederation {
  id: string;
  title: string;
  artistName: string;
  coverUrl: string | null;
  mbid: string | null;
}

export interface PostForFederation {
  id: string;
  userId: string;
  type: 'note' | 'review';
  title: string;
  content: string;
  audience: Audience;
  locked: boolean;
  createdAt: string;
  updatedAt: string;
  album: AlbumForFederation | null;
  /** A review's album rating as it is now (ADR 21), in tenths of a star. */
  tenths: number | null;
}

export async function postForFederation(db: Db, postId: string): Promise<PostForFederation | undefined> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('profiles', 'profiles.user_id', 'posts.user_id')
    .leftJoin('albums', 'albums.id', 'posts.album_id')
    .leftJoin('chosen_album_ratings as chosen', (join) =>
      join.onRef('chosen.user_id', '=', 'posts.user_id').onRef('chosen.album_id', '=', 'posts.album_id'),
    )
    .leftJoin('album_ratings as songs', (join) =>
      join.onRef('songs.user_id', '=', 'posts.user_id').onRef('songs.album_id', '=', 'posts.album_id'),
    )
    .select([
      'posts.id',
      'posts.user_id',
      'posts.type',
      'posts.title',
      'posts.content',
      'posts.audience',
      'posts.created_at',
      'posts.updated_at',
      'posts.rating_tenths',
      'profiles.locked',
      'albums.id as album_id',
      'albums.title as album_title',
      'albums.artist_name',
      'albums.cover_url',
      'albums.mbid',
      'chosen.rating_tenths as chosen_tenths',
      'songs.rating_tenths as songs_tenths',
    ])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: row.title,
    content: row.content,
    audience: row.audience,
    locked: Number(row.locked) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    album: albumOf(row),
    // A chosen album rating, else the mean of the songs' (ADR 21), else what the review was written with.
    tenths: row.chosen_tenths ?? row.songs_tenths ?? row.rating_tenths ?? null,
  };
}

export interface ListForFederation {
  id: string;
  userId: string;
  title: string;
  description: string;
  kind: 'album' | 'song';
  listed: boolean;
  audience: Audience;
  locked: boolean;
  entries: number;
  createdAt: string;
  updatedAt: string;
}

export async function listForFederation(db: Db, listId: string): Promise<ListForFederation | undefined> {
  const row = await db
    .selectFrom('lists')
    .innerJoin('profiles', 'profiles.user_id', 'lists.user_id')
    .select([
      'lists.id',
      'lists.user_id',
      'lists.title',
      'lists.description',
      'lists.kind',
      'lists.visibility',
      'lists.audience',
      'lists.entries_count',
      'lists.created_at',
      'lists.updated_at',
      'profiles.locked',
    ])
    .where('lists.id', '=', listId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    listed: row.visibility === 'public',
    audience: row.audience,
    locked: Number(row.locked) === 1,
    entries: Number(row.entries_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface RatingForFederation {
  userId: string;
  day: string;
  tenths: number;
  locked: boolean;
  ratedAt: string;
  album: AlbumForFederation;
}

/** A member's album rating as their one feed entry of that day shows it (rated_album). */
export async function ratingForFederation(
  db: Db,
  key: { userId: string; albumId: string; day: string },
): Promise<RatingForFederation | undefined> {
  const row = await db
    .selectFrom('activities')
    .innerJoin('profiles', 'profiles.user_id', 'activities.user_id')
    .innerJoin('albums', 'albums.id', 'activities.target_id')
    .select([
      'activities.data',
      'activities.created_at',
      'profiles.locked',
      'albums.id as album_id',
      'albums.title as album_title',
      'albums.artist_name',
      'albums.cover_url',
      'albums.mbid',
    ])
    .where('activities.user_id', '=', key.userId)
    .where('activities.action', '=', 'rated_album')
    .where('activities.target_id', '=', key.albumId)
    .where('activities.day', '=', key.day)
    .executeTakeFirst();
  const album = row && albumOf(row);
  const rating = row ? Number(JSON.parse(row.data).rating) : Number.NaN;
  if (!row || !album || !Number.isFinite(rating)) return undefined;
  return {
    userId: key.userId,
    day: key.day,
    tenths: Math.round(rating * 10),
    locked: Number(row.locked) === 1,
    ratedAt: row.created_at,
    album,
  };
}

function albumOf(row: {
  album_id: string | null | undefined;
  album_title: string | null;
  artist_name: string | null;
  cover_url: string | null;
  mbid: string | null;
}): AlbumForFederation | null {
  if (!row.album_id) return null;
  return {
    id: row.album_id,
    title: row.album_title ?? '',
    artistName: row.artist_name ?? '',
    coverUrl: row.cover_url,
    mbid: row.mbid,
  };
}

/** Every person of another server who follows the member: where their servers take deliveries. */
export async function remoteFollowersOf(db: Db, userId: string) {
  return (
    db
      .selectFrom('follows')
      .innerJoin('remote_actors', 'remote_actors.user_id', 'follows.follower_id')
      // Someone an admin suspended here is sent nothing.
      .innerJoin('user', 'user.id', 'follows.follower_id')
      .select(['remote_actors.uri', 'remote_actors.inbox_uri', 'remote_actors.shared_inbox_uri'])
      .where('follows.following_id', '=', userId)
      .where('user.suspendedAt', 'is', null)
      .execute()
  );
}

/** Whether the actor at `uri` (someone of another server) follows the member. */
export async function isRemoteFollower(db: Db, uri: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .innerJoin('remote_actors', 'remote_actors.user_id', 'follows.follower_id')
    .innerJoin('user', 'user.id', 'follows.follower_id')
    .select('follows.follower_id')
    .where('remote_actors.uri', '=', uri)
    .where('user.suspendedAt', 'is', null)
    .where('follows.following_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The album of ours with this MusicBrainz release-group id, as a post's card shows it. */
export async function albumByMbid(db: Db, mbid: string) {
  return db
    .selectFrom('albums')
    .select(['id', 'title', 'artist_name', 'cover_url'])
    .where('mbid', '=', mbid)
    .orderBy('popularity', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether a member of this site (not a person of another server) follows this person. */
export async function hasLocalFollower(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follows.follower_id')
    .where('follows.following_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('remote_actors')
            .select('remote_actors.user_id')
            .whereRef('remote_actors.user_id', '=', 'follows.follower_id'),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Where a review of a person of another server lives there (its Note's address), if it is one. */
export async function remoteNoteOfPost(db: Db, postId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('remote_objects')
    .select('uri')
    .where('kind', '=', 'post')
    .where('local_id', '=', postId)
    .executeTakeFirst();
  return row?.uri;
}

export async function commentForFederation(db: Db, commentId: string) {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.subject_id')
    .select(['comments.content', 'comments.created_at', 'posts.audience'])
    .where('comments.id', '=', commentId)
    .where('comments.subject_type', '=', 'post')
    .executeTakeFirst();
}
