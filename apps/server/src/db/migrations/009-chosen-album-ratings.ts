import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * An album rating a person sets themselves (ADR 21): it is their album rating until they clear it;
 * without one, their album rating is the mean of their song ratings (album_ratings). Collection
 * entries whose rating had been edited away from that mean keep it, as a chosen rating.
 */
export function chosenAlbumRatingsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chosen_album_ratings')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        // Tenths of a star (5–50), like album_ratings.
        .addColumn('rating_tenths', 'integer', (c) => c.notNull().check(sql`rating_tenths between 5 and 50`))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('chosen_album_ratings_pk', ['user_id', 'album_id'])
        .execute();
      await sql`
        insert into chosen_album_ratings (user_id, album_id, rating_tenths, updated_at)
        select c.user_id, c.album_id, c.rating_tenths, c.date_added
        from collection_entries c
        left join album_ratings a on a.user_id = c.user_id and a.album_id = c.album_id
        where a.rating_tenths is null or a.rating_tenths <> c.rating_tenths
      `.execute(db);
    },
  };
}
