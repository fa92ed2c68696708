import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Profiles hang off Better Auth's user table, whose migrations run first (db/migrate.ts). */
export function profilesMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('display_name', 'text', (c) => c.notNull())
        // NFKC-lowercased name: the unique index makes 'Ana' and 'ANA' one name on both dialects.
        .addColumn('display_name_key', 'text', (c) => c.notNull().unique())
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('picture_url', 'text')
        .addColumn('setup_complete', 'integer', (c) => c.check(sql`setup_complete in (0, 1)`))
        .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`follower_count >= 0`))
        .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`following_count >= 0`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
