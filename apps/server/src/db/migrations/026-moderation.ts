import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Reports and the admins' audit log (ADR 42).
 *
 * A report names what it is about by type and id (a post, comment, list or user): it outlives the
 * item, so it has no foreign key to it. One open report per person per item is a partial unique
 * index; once handled, the same person may report the item again. The queue groups open reports
 * per item, so its index leads with the item.
 *
 * The audit log keeps every row: when the acting admin's account goes, `actor_id` becomes null and
 * `actor_name` still says who it was. Its subject is named the same loose way, with a label as it
 * was then.
 */
export function moderationMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('reporter_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('subject_type', 'text', (c) =>
          c.notNull().check(sql`subject_type in ('post', 'comment', 'list', 'user')`),
        )
        .addColumn('subject_id', 'text', (c) => c.notNull())
        // Whose item it was when reported: suspension needs the author after the item is gone.
        .addColumn('owner_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('reason', 'text', (c) =>
          c.notNull().check(sql`reason in ('spam', 'harassment', 'hate', 'sexual', 'other')`),
        )
        .addColumn('text', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
        .addColumn('resolution', 'text', (c) =>
          c.check(sql`resolution is null or resolution in ('dismiss', 'remove', 'suspend')`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .addCheckConstraint('reports_closed_resolved', sql`(status = 'open') = (resolution is null)`)
        .execute();
      await db.schema
        .createIndex('reports_one_open_idx')
        .on('reports')
        .columns(['reporter_id', 'subject_type', 'subject_id'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // The queue: open reports by item, oldest first within each.
      await db.schema
        .createIndex('reports_open_subject_idx')
        .on('reports')
        .columns(['subject_type', 'subject_id', 'created_at'])
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // Account deletion cascades and sets null through these.
      await db.schema.createIndex('reports_reporter_idx').on('reports').column('reporter_id').execute();
      await db.schema.createIndex('reports_owner_idx').on('reports').column('owner_id').execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_id', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject_type', 'text')
        .addColumn('subject_id', 'text')
        .addColumn('subject_label', 'text')
        .addColumn('note', 'text')
        .addColumn('detail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
    },
  };
}
