import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The listening diary: one row per album heard on a day, perhaps again. listened_on is
 * a calendar day 'YYYY-MM-DD' (text sorts as dates on both dialects). Two reads, one index each: a
 * person's diary newest first, page by page on (listened_on, created_at, id); and their listens of
 * one album in the same order (the album page, and the per-day limit counted under the profile
 * lock). Both checked with EXPLAIN on PostgreSQL at 400k listens: index scans, no sort.
 */
export function listensMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('listens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('listened_on', 'text', (c) => c.notNull())
        // 0 or 1, as is_active (migration 005): one representation on both dialects.
        .addColumn('relisten', 'integer', (c) => c.notNull().defaultTo(0).check(sql`relisten in (0, 1)`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('listens_user_day_idx')
        .on('listens')
        .columns(['user_id', 'listened_on', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('listens_user_album_idx')
        .on('listens')
        .columns(['user_id', 'album_id', 'listened_on', 'created_at', 'id'])
        .execute();
    },
  };
}
