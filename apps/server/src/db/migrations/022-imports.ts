import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Imports (ADR 38). A job is one uploaded file; its rows are stored when it is accepted,
 * so a restart loses nothing: the worker reads `pending` rows in order and each row's status moves
 * with what it wrote. The lease columns let one process at a time read a job; a lapsed lease is a
 * process that died, and the job is taken up again where it stopped. Counters are kept on the job
 * so the progress page reads one row. Both tables go with the user; a row's album may go with the
 * catalogue (set null: the row stays in the history).
 */
export function importsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('import_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`))
        .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done_rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unmatched', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .addColumn('lease_holder', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      // A person's imports newest first; the worker's "what is unfinished" by status.
      await db.schema
        .createIndex('import_jobs_user_idx')
        .on('import_jobs')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('import_jobs_status_idx')
        .on('import_jobs')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createTable('import_rows')
        .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
        .addColumn('row_no', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'imported', 'unmatched', 'skipped', 'error')`),
        )
        .addColumn('artist', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('year', 'integer')
        // The parsed row (formats/types.ts) as JSON: what applying it writes.
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('album_id', 'text', (c) => c.references('albums.id').onDelete('set null'))
        .addColumn('message', 'text')
        // An unmatched row's candidate album ids, best first, as a JSON array.
        .addColumn('candidates', 'text')
        .addPrimaryKeyConstraint('import_rows_pk', ['job_id', 'row_no'])
        .execute();
      // Rows of a job by status in order: the worker's pending rows, the page's unmatched ones.
      await db.schema
        .createIndex('import_rows_status_idx')
        .on('import_rows')
        .columns(['job_id', 'status', 'row_no'])
        .execute();
      // Deleting an album finds the rows that point at it without a scan.
      await db.schema.createIndex('import_rows_album_idx').on('import_rows').column('album_id').execute();
    },
  };
}
