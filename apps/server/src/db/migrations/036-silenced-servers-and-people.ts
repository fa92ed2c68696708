import type { Kysely } from 'kysely';

/**
 * Admins silence a server or one person of another server, short of blocking them: their follows
 * of members become requests and their reviews reach only the members who follow them. A person's
 * row says whether their server is silenced too, kept true by the admin's change, so a read of
 * reviews needs no list of domains.
 */
export function silencedServersAndPeopleMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('blocked_domains')
        .addColumn('severity', 'text', (c) => c.notNull().defaultTo('block'))
        .execute();
      await db.schema.alterTable('remote_actors').addColumn('silenced_at', 'text').execute();
      await db.schema
        .alterTable('remote_actors')
        .addColumn('server_silenced', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
