import type { Db } from '../../db/database.ts';
import { type ActivityAction, deleteActivitiesAbout, recordActivity } from './activity.repository.ts';

export interface ActivityEntry {
  userId: string;
  action: ActivityAction;
  targetId: string;
  data: Record<string, unknown>;
}

export class ActivityService {
  /** Appends to the activity log (spec §3), in the transaction of the action it records. */
  record(trx: Db, entry: ActivityEntry): Promise<void> {
    return recordActivity(trx, entry);
  }

  /** Drops the entries about a post that is being removed, in the transaction that removes it. */
  forget(trx: Db, targetId: string): Promise<void> {
    return deleteActivitiesAbout(trx, targetId);
  }
}
