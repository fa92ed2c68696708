import type { Db } from '../../db/database.ts';
import { type SummaryRow, toAlbumSummary } from '../catalog/index.ts';

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

/** The album half of a collection or Rate Later entry: its card's fields. */
export function libraryAlbum(row: SummaryRow) {
  const { id, name, artistName, artistId, imageUrl, releaseDate, listeners } = toAlbumSummary(row);
  return { id, name, artistName, artistId, imageUrl, releaseDate, listeners, type: 'album' as const };
}
