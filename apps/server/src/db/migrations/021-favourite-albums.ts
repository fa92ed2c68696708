import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * A profile's "Favourite albums" shelf: up to four albums the person chose, in their
 * order. The key (user, position) keeps one album per place and the shelf's read in order; the
 * unique (user, album) keeps an album from standing twice. Both go with the user or the album.
 */
export function favouriteAlbumsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favourite_albums')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 4`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('favourite_albums_pk', ['user_id', 'position'])
        .addUniqueConstraint('favourite_albums_album_unique', ['user_id', 'album_id'])
        .execute();
      // Deleting an album from the catalogue finds its shelves without a scan.
      await db.schema.createIndex('favourite_albums_album_idx').on('favourite_albums').column('album_id').execute();
    },
  };
}
