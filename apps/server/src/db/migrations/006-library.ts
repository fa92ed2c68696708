import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Song and album ratings, the collection and Rate Later. Constraints back every rule. */
export function libraryMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('track_ratings')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        // Half stars: 1 = ½ star … 10 = 5 stars.
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 10`))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('track_ratings_pk', ['user_id', 'track_id'])
        .execute();
      await db.schema
        .createIndex('track_ratings_user_album_idx')
        .on('track_ratings')
        .columns(['user_id', 'album_id'])
        .execute();

      await db.schema
        .createTable('album_ratings')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        // Tenths of a star (5–50): the rounded mean of the user's song ratings.
        .addColumn('rating_tenths', 'integer', (c) => c.notNull().check(sql`rating_tenths between 5 and 50`))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('album_ratings_pk', ['user_id', 'album_id'])
        .execute();

      await db.schema
        .createTable('collection_entries')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('rating_tenths', 'integer', (c) => c.notNull().check(sql`rating_tenths between 5 and 50`))
        .addColumn('review_post_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
        .addColumn('date_added', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_entries_pk', ['user_id', 'album_id'])
        .execute();
      await db.schema
        .createIndex('collection_user_added_idx')
        .on('collection_entries')
        .columns(['user_id', 'date_added'])
        .execute();

      await db.schema
        .createTable('rate_later')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_later_pk', ['user_id', 'album_id'])
        .execute();
      await db.schema
        .createIndex('rate_later_user_added_idx')
        .on('rate_later')
        .columns(['user_id', 'added_at'])
        .execute();
    },
  };
}
