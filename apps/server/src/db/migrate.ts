import { Migrator } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { allMigrations } from './migrations/index.ts';

/**
 * Brings the schema up to date. Safe to run at every start-up and from several processes at once:
 * Kysely's migrator takes a lock (an advisory lock on PostgreSQL) and skips what has run.
 */
export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => allMigrations({ dialect }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
