import type { Db } from '../../db/database.ts';
import {
  type ActivityAction,
  deleteActivitiesAbout,
  deleteActivitiesOf,
  deleteDailyActivity,
  recordActivity,
  upsertDailyActivity,
} from './activity.repository.ts';

export interface ActivityEntry {
  userId: string;
  action: ActivityAction;
  targetId: string;
  /** The album the entry is about (a review's), so the feed can show and link it. */
  albumId?: string | null;
  data: Record<string, unknown>;
}

/** The UTC day a rating entry covers: rating twelve songs of an album today is one entry. */
const today = () => new Date().toISOString().slice(0, 10);

export class ActivityService {
  /** Appends to the activity log (spec §3), in the transaction of the action it records. */
  record(trx: Db, entry: ActivityEntry): Promise<void> {
    return recordActivity(trx, entry);
  }

  /**
   * Someone's album rating changed (a song's rating, or the one they chose), in the transaction
   * that changed it: today's one entry for the album carries the rating now, in tenths of a star;
   * with no rating left (every song cleared) today's entry goes.
   */
  ratedAlbum(trx: Db, rating: { userId: string; albumId: string; tenths: number | null }): Promise<void> {
    const key = { userId: rating.userId, action: 'rated_album' as const, targetId: rating.albumId, day: today() };
    if (rating.tenths === null) return deleteDailyActivity(trx, key);
    return upsertDailyActivity(trx, { ...key, albumId: rating.albumId, data: { rating: rating.tenths / 10 } });
  }

  /** An unfollow, in its transaction: "ana followed bo" is no longer so, in any feed. */
  unfollowed(trx: Db, follow: { userId: string; targetId: string }): Promise<void> {
    return deleteActivitiesOf(trx, { ...follow, action: 'followed_user' });
  }

  /** Drops the entries about a post or list being removed, in the transaction that removes it. */
  forget(trx: Db, targetId: string): Promise<void> {
    return deleteActivitiesAbout(trx, targetId);
  }

  /**
   * Account deletion: the user's own entries go with the user row (cascade); this drops the
   * entries of others about them ("ana followed bo"), in the deletion's transaction.
   */
  forgetUser(trx: Db, userId: string): Promise<void> {
    return deleteActivitiesAbout(trx, userId);
  }
}
