import type { Db } from '../../db/database.ts';
import { type ActivityAction, recordActivity } from './activity.repository.ts';

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
}
