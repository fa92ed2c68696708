import type { FeaturedPlaylist } from '@liner/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FeaturedPlaylistTable } from '../../db/schema.ts';

export type FeaturedPlaylistRow = Selectable<FeaturedPlaylistTable>;

export function toFeaturedPlaylist(row: FeaturedPlaylistRow): FeaturedPlaylist {
  return {
    id: row.id,
    spotifyUrl: row.url,
    title: row.title,
    description: row.description,
    type: row.type,
    isActive: row.is_active === 1,
    imageUrl: row.image_url,
    position: row.position,
    createdAt: row.created_at,
  };
}

/** Home-page order: position, then the order they were added. */
export async function listFeaturedPlaylists(db: Db, options: { activeOnly: boolean }): Promise<FeaturedPlaylistRow[]> {
  let query = db.selectFrom('featured_playlists').selectAll();
  if (options.activeOnly) query = query.where('is_active', '=', 1);
  return query.orderBy('position').orderBy('created_at').orderBy('id').execute();
}

export async function findFeaturedPlaylist(db: Db, id: string): Promise<FeaturedPlaylistRow | undefined> {
  return db.selectFrom('featured_playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Adds a playlist after the last one. */
export async function insertFeaturedPlaylist(
  db: Db,
  playlist: Omit<Insertable<FeaturedPlaylistTable>, 'position' | 'created_at'>,
): Promise<void> {
  const last = await db
    .selectFrom('featured_playlists')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  await db
    .insertInto('featured_playlists')
    .values({
      ...playlist,
      position: (last?.position ?? -1) + 1,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function updateFeaturedPlaylist(
  db: Db,
  id: string,
  changes: Pick<Updateable<FeaturedPlaylistTable>, 'title' | 'description' | 'is_active'>,
): Promise<boolean> {
  if (Object.keys(changes).length === 0) return (await findFeaturedPlaylist(db, id)) !== undefined;
  const result = await db.updateTable('featured_playlists').set(changes).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteFeaturedPlaylist(db: Db, id: string): Promise<FeaturedPlaylistRow | undefined> {
  return db.deleteFrom('featured_playlists').where('id', '=', id).returningAll().executeTakeFirst();
}
