import { compiledOnce } from '../../db/compiled-once.ts';
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

// Asked on every album page a member opens: compiled once per table (db/compiled-once.ts).
const userAlbumRow = {
  collection_entries: compiledOnce((db: Db, userId: string, albumId: string) =>
    db
      .selectFrom('collection_entries')
      .select('album_id')
      .where('user_id', '=', userId)
      .where('album_id', '=', albumId),
  ),
  rate_later: compiledOnce((db: Db, userId: string, albumId: string) =>
    db.selectFrom('rate_later').select('album_id').where('user_id', '=', userId).where('album_id', '=', albumId),
  ),
} satisfies Record<UserAlbumTable, unknown>;

export async function hasUserAlbum(db: Db, table: UserAlbumTable, userId: string, albumId: string): Promise<boolean> {
  return (await userAlbumRow[table](db, userId, albumId)).length > 0;
}

/** The album half of a collection or Rate Later entry: its card's fields. */
export function libraryAlbum(row: SummaryRow) {
  const { id, name, artistName, artistId, imageUrl, releaseDate, listeners } = toAlbumSummary(row);
  return { id, name, artistName, artistId, imageUrl, releaseDate, listeners, type: 'album' as const };
}
