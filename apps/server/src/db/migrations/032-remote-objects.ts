import type { Kysely } from 'kysely';

/**
 * What people of other servers made here (ADR 53): a reply that became a comment, or a review of
 * an album we know that became a post, keyed by the address of their Note, so their Update edits
 * it and their Delete removes it, and the same Note delivered twice (servers resend) is made once.
 */
export function remoteObjectsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('remote_objects')
        .addColumn('uri', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('local_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_objects_local_idx')
        .on('remote_objects')
        .columns(['kind', 'local_id'])
        .execute();
    },
  };
}
