import { itemReadableBy, notBlockedBetween, notMutedBy, profileContentReadableBy } from '../../db/audience.ts';
import type { Db, Dialect } from '../../db/database.ts';
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
  listTitle: string | null;
  targetUserName: string | null;
  targetUserPicture: string | null;
}

/**
 * Activity entries newest first, a page after `after`: of the people `followerId` follows (their
 * feed), or everyone's (recent activity); everyone's walks activities_created_idx. What an entry is
 * about is read as it is now: the actor's and the followed person's names and pictures, the album's
 * title and cover, the post's and the list's title.
 *
 * A feed on PostgreSQL takes, for each person followed, their newest `limit` entries from
 * activities_user_created_idx (index only: it holds the action and target too, through a lateral
 * join), and reads the rows of the
 * `limit` newest of those: its cost is bounded by the number of people followed, however quiet
 * they are beside everyone else (left to itself, the planner walks the whole log by time and
 * probes follows per row, which for someone following quiet people reads most of the log).
 * SQLite has no lateral join; its planner already goes from follows to each person's entries.
 */
export async function listActivities(
  db: Db,
  dialect: Dialect,
  options: { viewerId: string | null; followerId?: string; after?: PageCursor; limit: number },
): Promise<FeedRow[]> {
  const { viewerId } = options;
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
    .leftJoin('lists', (join) =>
      join.onRef('lists.id', '=', 'activities.target_id').on('activities.action', '=', 'created_list'),
    )
    // Only what the viewer may read (ADR 41): the person's activity at all (a locked profile, a
    // block), each post and list by its audience; a list made unlisted since leaves every feed (only
    // its address leads to it); nobody the viewer muted, nor anyone either blocked being followed.
    .where(profileContentReadableBy(viewerId, 'activities.user_id'))
    .where((eb) =>
      eb.or([
        eb('activities.action', 'not in', ['new_review', 'new_note']),
        itemReadableBy(viewerId, { owner: 'activities.user_id', audience: 'posts.audience' }),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('activities.action', '<>', 'created_list'),
        eb.and([
          eb('lists.visibility', '=', 'public'),
          itemReadableBy(viewerId, { owner: 'activities.user_id', audience: 'lists.audience' }),
        ]),
      ]),
    )
    .$if(viewerId !== null, (q) =>
      q
        .where(notMutedBy(viewerId ?? '', 'activities.user_id'))
        .where((eb) =>
          eb.or([
            eb('activities.action', '<>', 'followed_user'),
            notBlockedBetween(viewerId ?? '', 'activities.target_id'),
          ]),
        ),
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
      'lists.title as listTitle',
      'followed.display_name as targetUserName',
      'followed.picture_url as targetUserPicture',
    ]);
  const { followerId, after, limit } = options;
  if (followerId !== undefined && dialect === 'postgres') {
    const newest = db
      .selectFrom('follows')
      .innerJoinLateral(
        (eb) => {
          let own = eb
            .selectFrom('activities as own')
            .select(['own.id', 'own.created_at'])
            .whereRef('own.user_id', '=', 'follows.following_id')
            // Here as well as below: a page holds `limit` entries that are shown, or it would end
            // early. The list or post is looked up for their entries only; a follower reads all
            // but the owner's 'only me' ones.
            .where((o) =>
              o.or([
                o('own.action', '<>', 'created_list'),
                o.exists(
                  o
                    .selectFrom('lists as own_list')
                    .select('own_list.id')
                    .whereRef('own_list.id', '=', 'own.target_id')
                    .where('own_list.visibility', '=', 'public')
                    .where('own_list.audience', '<>', 'private'),
                ),
              ]),
            )
            .where((o) =>
              o.or([
                o('own.action', 'not in', ['new_review', 'new_note']),
                o.exists(
                  o
                    .selectFrom('posts as own_post')
                    .select('own_post.id')
                    .whereRef('own_post.id', '=', 'own.target_id')
                    .where('own_post.audience', '<>', 'private'),
                ),
              ]),
            );
          if (after) {
            own = own.where((o) => o(o.refTuple('own.created_at', 'own.id'), '<', o.tuple(after.createdAt, after.id)));
          }
          return own.orderBy('own.created_at', 'desc').orderBy('own.id', 'desc').limit(limit).as('newest');
        },
        (join) => join.onTrue(),
      )
      .select('newest.id')
      .where('follows.follower_id', '=', followerId)
      .where(notMutedBy(followerId, 'follows.following_id'))
      .orderBy('newest.created_at', 'desc')
      .orderBy('newest.id', 'desc')
      .limit(limit);
    query = query.where('activities.id', 'in', newest);
  } else if (followerId !== undefined) {
    query = query.innerJoin('follows', (join) =>
      join.onRef('follows.following_id', '=', 'activities.user_id').on('follows.follower_id', '=', followerId),
    );
  }
  if (after) {
    // A row comparison, which both dialects answer as one range of (created_at, id) in the index.
    query = query.where((eb) =>
      eb(eb.refTuple('activities.created_at', 'activities.id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.orderBy('activities.created_at', 'desc').orderBy('activities.id', 'desc').limit(options.limit).execute();
}
