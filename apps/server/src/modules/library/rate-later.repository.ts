import type { RateLaterEntry } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { listenerTotals, SUMMARY_COLUMNS } from '../catalog/index.ts';
import { deleteUserAlbum, hasUserAlbum, libraryAlbum } from './library-rows.repository.ts';

/** A user's Rate Later list, newest first; only `albumId`'s entry when given. */
export async function listRateLater(db: Db, userId: string, albumId?: string): Promise<RateLaterEntry[]> {
  const rows = await db
    .selectFrom('rate_later')
    .innerJoin('albums', 'albums.id', 'rate_later.album_id')
    .select([...SUMMARY_COLUMNS, 'rate_later.added_at'])
    .select(listenerTotals)
    .where('rate_later.user_id', '=', userId)
    .$if(albumId !== undefined, (q) => q.where('rate_later.album_id', '=', albumId as string))
    .orderBy('rate_later.added_at', 'desc')
    .orderBy('albums.id')
    .execute();
  return rows.map((row) => ({ ...libraryAlbum(row), addedAt: row.added_at }));
}

/**
 * Adding twice keeps the first date: saving an album for later is idempotent. An album already in
 * the collection is not added, checked in the same statement so a concurrent collection add cannot
 * leave the album in both lists.
 */
export async function addRateLater(db: Db, userId: string, albumId: string): Promise<void> {
  await db
    .insertInto('rate_later')
    .columns(['user_id', 'album_id', 'added_at'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(userId).as('user_id'),
          eb.val(albumId).as('album_id'),
          eb.val(new Date().toISOString()).as('added_at'),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('collection_entries')
                .select('collection_entries.album_id')
                .where('collection_entries.user_id', '=', userId)
                .where('collection_entries.album_id', '=', albumId),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['user_id', 'album_id']).doNothing())
    .execute();
}

export const removeRateLater = (db: Db, userId: string, albumId: string) =>
  deleteUserAlbum(db, 'rate_later', userId, albumId);

export const hasRateLater = (db: Db, userId: string, albumId: string) =>
  hasUserAlbum(db, 'rate_later', userId, albumId);
