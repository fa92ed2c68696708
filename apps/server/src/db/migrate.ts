import { getMigrations } from 'better-auth/db/migration';
import { Migrator, sql } from 'kysely';
import { authTableOptions } from '../auth/auth.ts';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from './database.ts';
import { allMigrations } from './migrations/index.ts';

/**
 * Brings the schema up to date: Better Auth's tables first (its own migration planner knows their
 * exact types on each dialect), then ours, which reference them. Safe to run at every start-up:
 * both skip what exists, and on PostgreSQL several instances starting at once take turns (below).
 */
export async function migrateToLatest(handle: DatabaseHandle, config: AppConfig): Promise<string[]> {
  const { db, dialect, schema } = handle;
  return oneAtATime(handle, async () => {
    const plan = await getMigrations(authTableOptions(config, handle));
    await plan.runMigrations();
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => allMigrations({ dialect }) },
      // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

/** The advisory locks' first key ("lin"); the second is the schema's hash. */
const MIGRATION_LOCK = 0x6c696e;
const LOCK_POLL_MS = 200;

/**
 * Better Auth's planner has no lock: two instances starting at once on an empty PostgreSQL schema
 * both plan `create table "user"` and the second dies ("relation already exists"). A session-level
 * advisory lock per schema, held on a connection of its own, makes them take turns; it is polled
 * rather than waited on, so a long migration elsewhere never trips this connection's
 * statement_timeout. A process that dies holding it releases it with its connection.
 */
async function oneAtATime<T>({ db, dialect, schema }: DatabaseHandle, run: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return run();
  const key = schema ?? 'public';
  return db.connection().execute(async (connection) => {
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${MIGRATION_LOCK}, hashtext(${key})) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK}, hashtext(${key}))`.execute(connection);
    }
  });
}
