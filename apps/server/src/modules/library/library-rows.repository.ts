import type { Db } from '../../db/database.ts';
import { albumImageUrl } from '../../lib/album-image.ts';

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

/** The album half of a collection or Rate Later entry. */
export function libraryAlbum(row: { id: string; title: string; artist_name: string; cover_url: string | null }) {
  return {
    id: row.id,
    name: row.title,
    artistName: row.artist_name,
    imageUrl: albumImageUrl(row.id, row.cover_url),
    type: 'album' as const,
  };
}
