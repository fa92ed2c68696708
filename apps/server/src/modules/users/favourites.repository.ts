import type { AlbumSummary } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { listenerTotals, SUMMARY_COLUMNS, toAlbumSummary } from '../catalog/index.ts';

/** The shelf in its order: the key (user_id, position) is the read's index. */
export async function listFavouriteAlbums(db: Db, userId: string): Promise<AlbumSummary[]> {
  const rows = await db
    .selectFrom('favourite_albums')
    .innerJoin('albums', 'albums.id', 'favourite_albums.album_id')
    .select(listenerTotals)
    .select(SUMMARY_COLUMNS)
    .where('favourite_albums.user_id', '=', userId)
    .orderBy('favourite_albums.position')
    .execute();
  return rows.map(toAlbumSummary);
}

/** Replaces the whole shelf: the caller holds the person's profile lock, in a transaction. */
export async function replaceFavouriteAlbums(db: Db, userId: string, albumIds: readonly string[]): Promise<void> {
  await db.deleteFrom('favourite_albums').where('user_id', '=', userId).execute();
  if (albumIds.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('favourite_albums')
    .values(albumIds.map((albumId, i) => ({ user_id: userId, album_id: albumId, position: i + 1, created_at: now })))
    .execute();
}
