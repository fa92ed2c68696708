import type { RateLaterEntry } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { deleteUserAlbum, hasUserAlbum, libraryAlbum } from './library-rows.repository.ts';

export async function listRateLater(db: Db, userId: string): Promise<RateLaterEntry[]> {
  const rows = await db
    .selectFrom('rate_later')
    .innerJoin('albums', 'albums.id', 'rate_later.album_id')
    .select(['albums.id', 'albums.title', 'albums.artist_name', 'albums.cover_url', 'rate_later.added_at'])
    .where('rate_later.user_id', '=', userId)
    .orderBy('rate_later.added_at', 'desc')
    .orderBy('albums.id')
    .execute();
  return rows.map((row) => ({ ...libraryAlbum(row), addedAt: row.added_at }));
}

/** Adding twice keeps the first date: saving an album for later is idempotent. */
export async function addRateLater(db: Db, userId: string, albumId: string): Promise<void> {
  await db
    .insertInto('rate_later')
    .values({ user_id: userId, album_id: albumId, added_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'album_id']).doNothing())
    .execute();
}

export const removeRateLater = (db: Db, userId: string, albumId: string) =>
  deleteUserAlbum(db, 'rate_later', userId, albumId);

export const hasRateLater = (db: Db, userId: string, albumId: string) =>
  hasUserAlbum(db, 'rate_later', userId, albumId);
