import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

/** Someone in a member's Blocked or Muted list, with when they were put there (the page order). */
export interface RelatedPersonRow {
  userId: string;
  displayName: string;
  pictureUrl: string | null;
  createdAt: string;
}

/** Idempotent: a second block keeps the first row (and its date). */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** Idempotent, like a block. */
export async function insertMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db
    .insertInto('mutes')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .execute();
}

export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.deleteFrom('mutes').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).execute();
}

/** A page of whom someone blocked, newest first, after `after` when given. */
export async function listBlocked(
  db: Db,
  blockerId: string,
  options: { after?: PageCursor; limit: number },
): Promise<RelatedPersonRow[]> {
  let query = db
    .selectFrom('blocks')
    .innerJoin('profiles', 'profiles.user_id', 'blocks.blocked_id')
    .select([
      'blocks.blocked_id as userId',
      'profiles.display_name as displayName',
      'profiles.picture_url as pictureUrl',
      'blocks.created_at as createdAt',
    ])
    .where('blocks.blocker_id', '=', blockerId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('blocks.created_at', '<', after.createdAt),
        eb.and([eb('blocks.created_at', '=', after.createdAt), eb('blocks.blocked_id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('blocks.created_at', 'desc').orderBy('blocks.blocked_id', 'desc').limit(options.limit).execute();
}

/** A page of whom someone muted, newest first, after `after` when given. */
export async function listMuted(
  db: Db,
  muterId: string,
  options: { after?: PageCursor; limit: number },
): Promise<RelatedPersonRow[]> {
  let query = db
    .selectFrom('mutes')
    .innerJoin('profiles', 'profiles.user_id', 'mutes.muted_id')
    .select([
      'mutes.muted_id as userId',
      'profiles.display_name as displayName',
      'profiles.picture_url as pictureUrl',
      'mutes.created_at as createdAt',
    ])
    .where('mutes.muter_id', '=', muterId);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('mutes.created_at', '<', after.createdAt),
        eb.and([eb('mutes.created_at', '=', after.createdAt), eb('mutes.muted_id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('mutes.created_at', 'desc').orderBy('mutes.muted_id', 'desc').limit(options.limit).execute();
}
