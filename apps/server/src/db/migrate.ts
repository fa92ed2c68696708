import { getMigrations } from 'better-auth/db/migration';
import { Migrator } from 'kysely';
import type { authOptions } from '../auth/auth.ts';
import type { DatabaseHandle } from './database.ts';
import { allMigrations } from './migrations/index.ts';

/**
 * Brings the schema up to date: Better Auth's tables first (its own migration planner knows their
 * exact types on each dialect), then ours, which reference them. Safe to run at every start-up:
 * both skip what exists; Kysely's migrator takes a lock (an advisory lock on PostgreSQL).
 */
export async function migrateToLatest(
  { db, dialect, schema }: DatabaseHandle,
  auth: { options: ReturnType<typeof authOptions> },
): Promise<string[]> {
  const plan = await getMigrations(auth.options);
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
}
