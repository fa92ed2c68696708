import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

export function catalogMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('artists')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort_name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('albums')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id').onDelete('cascade'))
        .addColumn('artist_name', 'text', (c) => c.notNull())
        .addColumn('release_date', 'text')
        .addColumn('genre', 'text')
        .addColumn('cover_url', 'text')
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('seed'))
        .addColumn('external_id', 'text')
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('albums_source_check', sql`source in ('seed', 'musicbrainz', 'spotify', 'generated')`)
        .execute();
      await db.schema.createIndex('albums_artist_idx').on('albums').column('artist_id').execute();
      await db.schema.createIndex('albums_popularity_idx').on('albums').columns(['popularity', 'id']).execute();
      await db.schema.createIndex('albums_release_idx').on('albums').columns(['release_date', 'id']).execute();
      await db.schema
        .createIndex('albums_external_idx')
        .on('albums')
        .columns(['source', 'external_id'])
        .unique()
        .where('external_id', 'is not', null)
        .execute();
      await db.schema
        .createTable('tracks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.check(sql`duration_ms is null or duration_ms > 0`))
        .addUniqueConstraint('tracks_album_position_unique', ['album_id', 'position'])
        .execute();
    },
  };
}
