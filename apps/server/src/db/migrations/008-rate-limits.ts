import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * rate-limiter-flexible's table on PostgreSQL, in its own layout (lib/rate-limit.ts). On SQLite
 * the counters live in a file of their own beside the database, created by the store.
 */
export function rateLimitsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table if not exists rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`.execute(db);
    },
  };
}
