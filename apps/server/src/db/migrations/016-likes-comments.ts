import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Likes and comments on posts and lists: one table each, keyed by the subject's kind
 * and id, so a list and a review are liked the same way. The subject's own row keeps
 * `likes_count` and `comments_count`, moved in the same transaction as these rows (ADR 34).
 */
export function likesCommentsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('likes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('subject_type', 'text', (c) => c.notNull().check(sql`subject_type in ('post', 'list')`))
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // One like per person and subject: a second one is impossible, not just unlikely.
        .addPrimaryKeyConstraint('likes_pk', ['user_id', 'subject_type', 'subject_id'])
        .execute();
      await db.schema.createIndex('likes_subject_idx').on('likes').columns(['subject_type', 'subject_id']).execute();
      // The profile's Likes tab: what someone liked, newest first.
      await db.schema
        .createIndex('likes_user_created_idx')
        .on('likes')
        .columns(['user_id', 'created_at', 'subject_id'])
        .execute();

      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subject_type', 'text', (c) => c.notNull().check(sql`subject_type in ('post', 'list')`))
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // A subject's comments, oldest first (keyset on created_at, id).
      await db.schema
        .createIndex('comments_subject_created_idx')
        .on('comments')
        .columns(['subject_type', 'subject_id', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();
    },
  };
}
