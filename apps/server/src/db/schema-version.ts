import { type Kysely, sql } from 'kysely';
import type { Dialect } from './database.ts';
import { allMigrations } from './migrations/index.ts';

/**
 * A database's schema version is the name of the last migration applied to it (Kysely runs them in
 * name order, and names are numbered). A backup records it; a restore compares it with the
 * migrations this code knows.
 */

/** Every migration name this code knows, in the order they run. */
export function knownMigrations(): string[] {
  // The names do not depend on the dialect, only some migrations' bodies.
  return Object.keys(allMigrations({ dialect: 'sqlite' })).sort();
}

export type SchemaStatus = 'current' | 'older' | 'newer' | 'unknown';

/** How a schema version compares with this code: `newer` needs a newer liner to read it. */
export function schemaStatus(name: string): SchemaStatus {
  const known = knownMigrations();
  const latest = known.at(-1) ?? '';
  if (name === latest) return 'current';
  if (known.includes(name)) return 'older';
  return name > latest ? 'newer' : 'unknown';
}

/** The last migration applied to `db`, or null when none ever was (no bookkeeping table). */
export async function latestAppliedMigration<T>(db: Kysely<T>, dialect: Dialect): Promise<string | null> {
  // Kysely's bookkeeping table, in the connection's schema (search_path) on PostgreSQL.
  const exists =
    dialect === 'sqlite'
      ? await sql<{ found: number }>`
          select 1 as found from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)
      : await sql<{ found: number }>`
          select 1 as found where to_regclass('kysely_migration') is not null`.execute(db);
  if (exists.rows.length === 0) return null;
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}
