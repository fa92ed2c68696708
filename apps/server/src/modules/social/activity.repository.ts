import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export type ActivityAction = 'followed_user' | 'new_review' | 'new_note' | 'rated_album' | 'created_list';

export interface NewActivity {
  userId: string;
  action: ActivityAction;
  targetId: string;
  /** The album the entry is about, when it is about one (the feed shows it as it is now). */
  albumId?: string | null;
  data: Record<string, unknown>;
}

/** Appends to the activity log (spec §3); called inside the transaction of the action it records. */
export async function recordActivity(db: Db, entry: NewActivity): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      id: newId(),
      user_id: entry.userId,
      action: entry.action,
      target_id: entry.targetId,
      album_id: entry.albumId ?? null,
      data: JSON.stringify(entry.data),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * The one entry of its kind per person, target and day (activities_daily_idx): made, or brought
 * up to date and to the top of the feed (its time is the latest change).
 */
export async function upsertDailyActivity(db: Db, entry: NewActivity & { day: string }): Promise<void> {
  const now = new Date().toISOString();
  const data = JSON.stringify(entry.data);
  await db
    .insertInto('activities')
    .values({
      id: newId(),
      user_id: entry.userId,
      action: entry.action,
      target_id: entry.targetId,
      album_id: entry.albumId ?? null,
      day: entry.day,
      data,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'action', 'target_id', 'day']).doUpdateSet({ data, created_at: now }))
    .execute();
}

export async function deleteDailyActivity(
  db: Db,
  entry: { userId: string; action: ActivityAction; targetId: string; day: string },
): Promise<void> {
  await db
    .deleteFrom('activities')
    .where('user_id', '=', entry.userId)
    .where('action', '=', entry.action)
    .where('target_id', '=', entry.targetId)
    .where('day', '=', entry.day)
    .execute();
}

/** Takes back one person's entries of an action about one target (an unfollow's "followed"). */
export async function deleteActivitiesOf(
  db: Db,
  entry: { userId: string; action: ActivityAction; targetId: string },
): Promise<void> {
  await db
    .deleteFrom('activities')
    .where('user_id', '=', entry.userId)
    .where('action', '=', entry.action)
    .where('target_id', '=', entry.targetId)
    .execute();
}

/**
 * A removed post or list, or a deleted account, leaves no entry in anyone's activity log
 * pointing at it.
 */
export async function deleteActivitiesAbout(db: Db, targetId: string): Promise<void> {
  await db.deleteFrom('activities').where('target_id', '=', targetId).execute();
}
