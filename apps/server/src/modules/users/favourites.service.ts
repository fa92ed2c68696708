import type { FavouriteAlbums } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { ALBUM_NOT_FOUND } from '../catalog/index.ts';
import { listFavouriteAlbums, replaceFavouriteAlbums } from './favourites.repository.ts';
import type { FavouritesNeeds } from './index.ts';

const userNotFound = () => refusal('USER_NOT_FOUND', 'User not found');

/**
 * A profile's "Favourite albums" shelf. How many and no album twice are the body's
 * contract (SetFavouriteAlbumsBodySchema) and the table's constraints; here, that each album exists.
 */
export class FavouritesService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: FavouritesNeeds,
  ) {}

  async of(viewer: SessionUser | null, userId: string): Promise<FavouriteAlbums> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    return { albums: await listFavouriteAlbums(this.database.db, userId) };
  }

  /** Replaces the shelf with these albums in this order, all or nothing. */
  async set(user: SessionUser, albumIds: string[]): Promise<FavouriteAlbums> {
    const found = await Promise.all(albumIds.map((id) => this.deps.catalog.findAlbum(id)));
    if (found.some((album) => !album)) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
    try {
      await withTransaction(this.database.db, async (trx) => {
        // Two saves of one shelf take turns, so neither meets the other's half-written places.
        const present = await lockProfiles(trx, this.database.dialect, [user.id]);
        if (!present.has(user.id)) throw userNotFound();
        await replaceFavouriteAlbums(trx, user.id, albumIds);
      });
    } catch (error) {
      // An album removed from the catalogue after the check above.
      if (isForeignKeyViolation(error)) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
      throw error;
    }
    return this.of(user, user.id);
  }
}
