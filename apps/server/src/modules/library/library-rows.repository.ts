import type { Db } from '../../db/database.ts';

/** The library's two lists keyed by (user, album): a collection entry, a Rate Later entry. */
type UserAlbumTable = 'collection_entries' | 'rate_later';

export async function deleteUserAlbum(
  db: Db,
  table: UserAlbumTable,
  userId: string,
  albumId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasUserAlbum(db: Db, table: UserAlbumTable, userId: string, albumId: string): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('album_id')
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Boolean(row);
}
