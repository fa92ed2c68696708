import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Notifications: someone followed you, liked or commented on your post or list. One
 * row per event for its recipient, read when the recipient has seen it.
 */
export function notificationsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('actor_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('followed', 'liked', 'commented')`))
        .addColumn('subject_type', 'text', (c) =>
          c.check(sql`subject_type is null or subject_type in ('post', 'list')`),
        )
        .addColumn('subject_id', 'text')
        .addColumn('comment_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .addCheckConstraint('notifications_not_self', sql`user_id <> actor_id`)
        .execute();
      // The bell's list, newest first, and its unread count.
      await db.schema
        .createIndex('notifications_user_created_idx')
        .on('notifications')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('notifications_user_read_idx')
        .on('notifications')
        .columns(['user_id', 'read_at'])
        .execute();
      // Undoing a like or a follow, deleting a comment or its subject: find the notifications about it.
      await db.schema
        .createIndex('notifications_subject_idx')
        .on('notifications')
        .columns(['subject_type', 'subject_id'])
        .execute();
      await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();
    },
  };
}
