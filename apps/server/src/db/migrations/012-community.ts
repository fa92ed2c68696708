import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Operating a community (ADR 30): settings an admin changes at run time (who may
 * register), and invitations. The suspension mark lives on Better Auth's user row (its
 * `suspendedAt` field), where every session lookup already reads it.
 */
export function communityMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('instance_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('invites')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        // Held by a sign-up in flight (used_at), then given its account (used_by). No foreign
        // key: an invitation whose member was deleted stays used.
        .addColumn('used_at', 'text')
        .addColumn('used_by', 'text')
        .execute();
      await db.schema.createIndex('invites_created_idx').on('invites').column('created_at').execute();
      // The admins' lists: members by join date, everyone's posts newest first.
      await db.schema.createIndex('profiles_created_idx').on('profiles').columns(['created_at', 'user_id']).execute();
      await db.schema.createIndex('posts_created_idx').on('posts').columns(['created_at', 'id']).execute();
    },
  };
}
