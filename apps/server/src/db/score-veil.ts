import { chunks } from '../lib/chunks.ts';
import type { Db } from './database.ts';

/** Ids per statement: three lists of them stay far under every driver's limit on parameters. */
const IDS_PER_READ = 500;

/**
 * The reads behind spoiler-free scores (plugins/score-veil.ts): whether a member has the setting
 * on, and which of some albums they may see the scores of, having rated them (a song, or the album
 * rating chosen) or asked to see them anyway.
 */
export async function isSpoilerFree(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('spoiler_free').where('user_id', '=', userId).executeTakeFirst();
  return row?.spoiler_free === 1;
}

export async function albumsWithScoresShown(db: Db, userId: string, albumIds: readonly string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  for (const part of chunks([...new Set(albumIds)], IDS_PER_READ)) {
    const rows = await db
      .selectFrom('album_ratings')
      .select('album_id')
      .where('user_id', '=', userId)
      .where('album_id', 'in', part)
      .union(
        db
          .selectFrom('chosen_album_ratings')
          .select('album_id')
          .where('user_id', '=', userId)
          .where('album_id', 'in', part),
      )
      .union(
        db.selectFrom('score_reveals').select('album_id').where('user_id', '=', userId).where('album_id', 'in', part),
      )
      .execute();
    for (const row of rows) shown.add(row.album_id);
  }
  return shown;
}

export async function setSpoilerFree(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ spoiler_free: on ? 1 : 0 })
    .where('user_id', '=', userId)
    .execute();
}

/** "Show anyway": the album's scores are shown to the member from now on. Asking twice changes nothing. */
export async function revealScores(db: Db, userId: string, albumId: string): Promise<void> {
  await db
    .insertInto('score_reveals')
    .values({ user_id: userId, album_id: albumId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'album_id']).doNothing())
    .execute();
}

export async function hideScoresAgain(db: Db, userId: string, albumId: string): Promise<void> {
  await db.deleteFrom('score_reveals').where('user_id', '=', userId).where('album_id', '=', albumId).execute();
}
