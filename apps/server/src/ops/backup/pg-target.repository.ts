import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** How many tables `schema` holds: a restore goes only into an empty one. */
export async function countTables(db: Db, schema: string): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from information_schema.tables where table_schema = ${schema}`.execute(db);
  return rows[0]?.count ?? 0;
}

/**
 * What a dump of one schema leaves out: the schema itself, and pg_trgm, which liner keeps in public
 * for the whole database (migration 003) and whose operator class the search indexes name.
 */
export async function prepareSchema(db: Db, schema: string): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
}
