import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import { userAndAlbumRow } from '../../db/user-and-album-row.ts';
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

/** Whether an album is on each of a member's shelves, in one statement (asked with every album page they open). */
const shelvesRow = compiledOnce((db: Db, userId: string, albumId: string) =>
  db.selectFrom(userAndAlbumRow(userId, albumId)).select((eb) => {
    const onShelf = (table: UserAlbumTable) =>
      eb.exists(
        eb
          .selectFrom(table)
          .select('album_id')
          .whereRef(`${table}.user_id`, '=', 'me.user_id')
          .whereRef(`${table}.album_id`, '=', 'me.album_id'),
      );
    return [onShelf('collection_entries').as('in_collection'), onShelf('rate_later').as('in_rate_later')];
  }),
);

export async function albumShelves(
  db: Db,
  userId: string,
  albumId: string,
): Promise<{ inCollection: boolean; inRateLater: boolean }> {
  const row = (await shelvesRow(db, userId, albumId))[0];
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return { inCollection: Boolean(row?.in_collection), inRateLater: Boolean(row?.in_rate_later) };
}

/** The album half of a collection or Rate Later entry: its card's fields. */
export function libraryAlbum(row: SummaryRow) {
  const { id, name, artistName, artistId, imageUrl, releaseDate, listeners } = toAlbumSummary(row);
  return { id, name, artistName, artistId, imageUrl, releaseDate, listeners, type: 'album' as const };
}
