import type { Kysely } from 'kysely';

/**
 * Servers an admin blocked (ADR 52): nothing they send is taken (403), nothing is sent to them, and
 * the follows between their people and members here ended with the block.
 */
export function blockedDomainsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('blocked_domains')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
