import { sql } from 'kysely';
import { chunks } from '../lib/chunks.ts';
import type { Db, Dialect } from './database.ts';

/*
 * One global lock order for every transaction that moves a counter, so no two of them can wait on
 * each other in a cycle (PostgreSQL deadlock 40P01):
 *
 *   1. profiles rows, in user_id order (lockProfiles) — before any row that refers to a user is
 *      written, since an insert's foreign-key check holds the user row until commit and account
 *      deletion needs that row;
 *   2. rating totals, in album_id order, each album_stats row before the track_stats rows of its
 *      tracks, those in track_id order (callers sort their changes by album, then track);
 *   3. posts and lists rows (likes and comments move their counters, ADR 34; an account deletion
 *      moves those of what the user liked or commented on, in subject order);
 *   4. the user row itself (account deletion), whose cascade removes the rest.
 *
 * SQLite runs one write transaction at a time, so there the locks are not needed.
 */

const LOCK_CHUNK = 500;

/**
 * Locks the profiles of these users (FOR UPDATE, in id order) and returns the ids that still
 * have one: a user deleted a moment ago is missing.
 */
export async function lockProfiles(db: Db, dialect: Dialect, userIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)].sort();
  const found = new Set<string>();
  // Sorted chunks keep the order across chunks and the bound parameters under every driver's limit.
  for (const part of chunks(ids, LOCK_CHUNK)) {
    let query = db
      .selectFrom('profiles')
      .select('user_id')
      .where('user_id', 'in', part)
      // Byte order on both dialects, the same order as the sorted chunks (a locale collation differs).
      .orderBy(dialect === 'postgres' ? sql`user_id collate "C"` : sql`user_id`);
    if (dialect === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) found.add(row.user_id);
  }
  return found;
}
