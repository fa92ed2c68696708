import type { CollectionEntry } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { listenerTotals, SUMMARY_COLUMNS } from '../catalog/index.ts';
import { deleteUserAlbum, hasUserAlbum, libraryAlbum } from './library-rows.repository.ts';

export async function listCollection(db: Db, userId: string): Promise<CollectionEntry[]> {
  const rows = await db
    .selectFrom('collection_entries')
    .innerJoin('albums', 'albums.id', 'collection_entries.album_id')
    .select(listenerTotals)
    .select([
      ...SUMMARY_COLUMNS,
      'collection_entries.rating_tenths',
      'collection_entries.date_added',
      'collection_entries.review_post_id',
    ])
    .where('collection_entries.user_id', '=', userId)
    .orderBy('collection_entries.date_added', 'desc')
    .orderBy('albums.id')
    .execute();
  return rows.map((row) => ({
    ...libraryAlbum(row),
    rating: row.rating_tenths / 10,
    dateAdded: row.date_added,
    reviewPostId: row.review_post_id,
  }));
}

export async function insertCollectionEntry(
  db: Db,
  entry: { userId: string; albumId: string; ratingTenths: number; reviewPostId: string | null },
): Promise<void> {
  await db
    .insertInto('collection_entries')
    .values({
      user_id: entry.userId,
      album_id: entry.albumId,
      rating_tenths: entry.ratingTenths,
      review_post_id: entry.reviewPostId,
      date_added: new Date().toISOString(),
    })
    .execute();
}

export const deleteCollectionEntry = (db: Db, userId: string, albumId: string) =>
  deleteUserAlbum(db, 'collection_entries', userId, albumId);

export const hasCollectionEntry = (db: Db, userId: string, albumId: string) =>
  hasUserAlbum(db, 'collection_entries', userId, albumId);
