import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

export async function insertFollowRequest(db: Db, requesterId: string, targetId: string): Promise<void> {
  await db
    .insertInto('follow_requests')
    .values({ requester_id: requesterId, target_id: targetId, created_at: new Date().toISOString() })
    .execute();
}

/** Returns whether a request was there to delete. */
export async function deleteFollowRequest(db: Db, requesterId: string, targetId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('follow_requests')
    .where('requester_id', '=', requesterId)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Requests either of the two sent the other (a block ends them). */
export async function deleteFollowRequestsBetween(db: Db, a: string, b: string): Promise<void> {
  await db
    .deleteFrom('follow_requests')
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', a), eb('target_id', '=', b)]),
        eb.and([eb('requester_id', '=', b), eb('target_id', '=', a)]),
      ]),
    )
    .execute();
}

/** Everyone waiting on this person's approval. */
export async function requestersOf(db: Db, targetId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('follow_requests')
    .select('requester_id')
    .where('target_id', '=', targetId)
    .execute();
  return rows.map((row) => row.requester_id);
}

export async function deleteFollowRequestsTo(db: Db, targetId: string): Promise<void> {
  await db.deleteFrom('follow_requests').where('target_id', '=', targetId).execute();
}

export interface FollowRequestRow {
  userId: string;
  displayName: string;
  pictureUrl: string | null;
  createdAt: string;
}

/** One page of the requests waiting on a person, oldest first, after `after` when given. */
export async function listFollowRequests(
  db: Db,
  targetId: string,
  options: { after?: PageCursor; limit: number },
): Promise<FollowRequestRow[]> {
  let query = db
    .selectFrom('follow_requests')
    .innerJoin('profiles', 'profiles.user_id', 'follow_requests.requester_id')
    .select([
      'follow_requests.requester_id as userId',
      'profiles.display_name as displayName',
      'profiles.picture_url as pictureUrl',
      'follow_requests.created_at as createdAt',
    ])
    .where('follow_requests.target_id', '=', targetId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('follow_requests.created_at', '>', after.createdAt),
        eb.and([
          eb('follow_requests.created_at', '=', after.createdAt),
          eb('follow_requests.requester_id', '>', after.id),
        ]),
      ]),
    );
  }
  return query
    .orderBy('follow_requests.created_at', 'asc')
    .orderBy('follow_requests.requester_id', 'asc')
    .limit(options.limit)
    .execute();
}
