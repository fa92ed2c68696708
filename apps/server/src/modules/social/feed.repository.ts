import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';
import type { ActivityAction } from './activity.repository.ts';

export interface FeedRow {
  id: string;
  action: ActivityAction;
  targetId: string;
  data: string;
  createdAt: string;
  actorId: string;
  actorName: string;
  actorPicture: string | null;
  albumId: string | null;
  albumTitle: string | null;
  albumArtist: string | null;
  albumCover: string | null;
  postTitle: string | null;
  targetUserName: string | null;
  targetUserPicture: string | null;
}

/**
 * Activity entries newest first, a page after `after`: of the people `followerId` follows (their
 * feed), or everyone's (recent activity). The feed walks follows_follower_created_idx to the people
 * followed and activities_user_created_idx within each, never the whole log; everyone's walks
 * activities_created_idx. What an entry is about is read as it is now: the actor's and the followed
 * person's names and pictures, the album's title and cover, the post's title.
 */
export async function listActivities(
  db: Db,
  options: { followerId?: string; after?: PageCursor; limit: number },
): Promise<FeedRow[]> {
  let query = db
    .selectFrom('activities')
    .innerJoin('profiles as actor', 'actor.user_id', 'activities.user_id')
    .leftJoin('albums', 'albums.id', 'activities.album_id')
    .leftJoin('posts', (join) =>
      join.onRef('posts.id', '=', 'activities.target_id').on('activities.action', 'in', ['new_review', 'new_note']),
    )
    .leftJoin('profiles as followed', (join) =>
      join.onRef('followed.user_id', '=', 'activities.target_id').on('activities.action', '=', 'followed_user'),
    )
    .select([
      'activities.id as id',
      'activities.action as action',
      'activities.target_id as targetId',
      'activities.data as data',
      'activities.created_at as createdAt',
      'activities.user_id as actorId',
      'actor.display_name as actorName',
      'actor.picture_url as actorPicture',
      'albums.id as albumId',
      'albums.title as albumTitle',
      'albums.artist_name as albumArtist',
      'albums.cover_url as albumCover',
      'posts.title as postTitle',
      'followed.display_name as targetUserName',
      'followed.picture_url as targetUserPicture',
    ]);
  const followerId = options.followerId;
  if (followerId !== undefined) {
    query = query.innerJoin('follows', (join) =>
      join.onRef('follows.following_id', '=', 'activities.user_id').on('follows.follower_id', '=', followerId),
    );
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('activities.created_at', '<', after.createdAt),
        eb.and([eb('activities.created_at', '=', after.createdAt), eb('activities.id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('activities.created_at', 'desc').orderBy('activities.id', 'desc').limit(options.limit).execute();
}
