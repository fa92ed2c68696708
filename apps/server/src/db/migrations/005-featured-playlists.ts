import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Playlists admins feature on the home page (spec §3 Featured playlist), keyed by the provider's id. */
export function featuredPlaylistsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('featured_playlists')
        // The primary key is what makes featuring one playlist twice impossible.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) > 0`))
        .addColumn('description', 'text')
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('playlist'))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
        .addColumn('image_url', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('featured_playlists_active_position_idx')
        .on('featured_playlists')
        .columns(['is_active', 'position'])
        .execute();
    },
  };
}
