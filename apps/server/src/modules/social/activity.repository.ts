import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export type ActivityAction = 'followed_user' | 'new_review' | 'new_note' | 'rated_album' | 'created_list';

/** Appends to the activity log (spec §3); called inside the transaction of the action it records. */
export async function recordActivity(
  db: Db,
  entry: { userId: string; action: ActivityAction; targetId: string; data: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      id: newId(),
      user_id: entry.userId,
      action: entry.action,
      target_id: entry.targetId,
      data: JSON.stringify(entry.data),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A removed post leaves no entry in anyone's activity log pointing at it. */
export async function deleteActivitiesAbout(db: Db, targetId: string): Promise<void> {
  await db.deleteFrom('activities').where('target_id', '=', targetId).execute();
}
