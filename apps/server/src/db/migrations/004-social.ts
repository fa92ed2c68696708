import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Posts (notes and reviews), follows and the activity log. Constraints back every rule. */
export function socialMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('posts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('note', 'review')`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('album_id', 'text', (c) => c.references('albums.id').onDelete('set null'))
        // Tenths of a star (5–50) so the one-decimal album rating is exact on every dialect.
        .addColumn('rating_tenths', 'integer', (c) =>
          c.check(sql`rating_tenths is null or rating_tenths between 5 and 50`),
        )
        .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
        .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`comments_count >= 0`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('posts_user_created_idx')
        .on('posts')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('posts_album_created_idx').on('posts').columns(['album_id', 'created_at']).execute();

      await db.schema
        .createTable('follows')
        .addColumn('follower_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('following_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        // One row per pair makes a second follow impossible, not just unlikely.
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'following_id'])
        .addCheckConstraint('follows_not_self', sql`follower_id <> following_id`)
        .execute();
      await db.schema.createIndex('follows_following_idx').on('follows').column('following_id').execute();

      await db.schema
        .createTable('activities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) =>
          c.notNull().check(sql`action in ('followed_user', 'new_review', 'new_note')`),
        )
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('activities_user_created_idx')
        .on('activities')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}
