import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { Dialect } from './database.ts';

/**
 * Rows of a subquery as one JSON array column, so a page's reads can be one statement (one round
 * trip on PostgreSQL): Kysely's helper for each dialect. Build the query once per dialect
 * (compiledOnce) and read the column with parsedJson.
 */
export type JsonArrayFrom = typeof postgresJsonArrayFrom;

export const jsonArrayFromFor: Record<Dialect, JsonArrayFrom> = {
  postgres: postgresJsonArrayFrom,
  sqlite: sqliteJsonArrayFrom as JsonArrayFrom,
};

/** A JSON column as read: SQLite hands JSON back as text, PostgreSQL's driver parses it. */
export function parsedJson<T>(value: T | string | null | undefined, empty: T): T {
  if (value === null || value === undefined) return empty;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
