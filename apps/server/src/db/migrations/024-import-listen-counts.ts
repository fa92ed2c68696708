import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * What a listening-history import holds in the words people count it in: listens, and the albums
 * they group into ("296 listens in 32 albums"), beside the rows the job counts. Counted when the
 * file is read; jobs stored before stay at 0, and the page then shows rows alone.
 */
export function importListenCountsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('import_jobs')
        .addColumn('listens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('import_jobs')
        .addColumn('listen_albums', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
