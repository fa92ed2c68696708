import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * What liner tells other servers about its members' posts (ADR 52):
 * - federation_outbox: "this post, list or album rating of that member changed", written in the
 *   transaction of the change, so no change is lost to a crash between the commit and the
 *   delivery. A worker claims each row, works out what remote followers must be told from the
 *   object as it is then, hands that to Fedify's queue, and deletes the row.
 * - federated_objects: what remote followers were last told of each object: the audience it was
 *   sent with (null: told it is gone) and its generation. Changing an object's audience deletes
 *   it remotely and creates it again under a new generation's address, because Mastodon neither
 *   changes a post's visibility on Update nor accepts a deleted address again.
 */
export function federationOutboxMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const serial = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
      await sql`create table federation_outbox (
        id ${serial},
        object_type text not null check (object_type in ('post', 'list', 'rating')),
        object_id text not null,
        user_id text not null,
        created_at text not null,
        claimed_until text
      )`.execute(db);
      await db.schema.createIndex('federation_outbox_order_idx').on('federation_outbox').column('id').execute();

      await db.schema
        .createTable('federated_objects')
        .addColumn('object_type', 'text', (c) => c.notNull().check(sql`object_type in ('post', 'list', 'rating')`))
        .addColumn('object_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('audience', 'text', (c) => c.check(sql`audience in ('public', 'followers')`))
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('federated_objects_pk', ['object_type', 'object_id'])
        .execute();
    },
  };
}
