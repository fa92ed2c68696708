import type { Kysely } from 'kysely';

/**
 * A person of another server shows a copy of their picture made here; the address it was copied
 * from is kept, so it is fetched again only when their server names another.
 */
export function remotePicturesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('remote_actors').addColumn('icon_uri', 'text').execute();
    },
  };
}
