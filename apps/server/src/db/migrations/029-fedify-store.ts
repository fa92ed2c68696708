import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * What Fedify keeps between requests and between restarts (ADR 52), on either database:
 * - fedify_kv: its key–value store (remote documents and keys it cached, activity ids already
 *   handled, nonces). A key is Fedify's key path as JSON text, compared byte by byte so a prefix
 *   is a range (db/fedify-kv-store.ts); an entry may expire.
 * - fedify_messages: its queue of deliveries and received activities waiting to be handled
 *   (db/fedify-message-queue.ts). A message is claimed, handled, then deleted; messages sharing an
 *   ordering key are handled one at a time, oldest first.
 */
export function fedifyStoreMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const bytewise = dialect === 'postgres' ? sql` collate "C"` : sql``;
      await sql`create table fedify_kv (
        key text${bytewise} primary key,
        value text not null,
        expires_at text
      )`.execute(db);
      await db.schema.createIndex('fedify_kv_expiry_idx').on('fedify_kv').column('expires_at').execute();

      const serial = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`;
      await sql`create table fedify_messages (
        id ${serial},
        payload text not null,
        ordering_key text,
        not_before text not null,
        claimed_until text
      )`.execute(db);
      // Ready messages, oldest first: what every poll asks for.
      await db.schema
        .createIndex('fedify_messages_ready_idx')
        .on('fedify_messages')
        .columns(['not_before', 'id'])
        .execute();
      await db.schema
        .createIndex('fedify_messages_ordering_idx')
        .on('fedify_messages')
        .columns(['ordering_key', 'id'])
        .where(sql.ref('ordering_key'), 'is not', null)
        .execute();
    },
  };
}
