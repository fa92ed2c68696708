import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config/env.ts';
import type { Database } from './schema.ts';
import { type SqliteConnection, SqliteDatabase, type SqliteStatement } from './sqlite-driver.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema holding our tables (search_path); undefined on SQLite. */
  schema?: string;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (count, sum) and numeric as strings; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; with better-sqlite3 that parse costs more than most of our
 * reads. The same SQL text reuses its prepared statement (least recently used out first).
 * Statements are never iterated concurrently here (no streaming), so reuse is safe.
 */
function withStatementCache(sqlite: SqliteConnection): SqliteConnection {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = sqlite.prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(source, statement);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function openSqlite(file: string): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL with synchronous=FULL: an acknowledged write survives a crash or power loss (DESIGN.md decision 11).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads dominate: a 64 MB page cache and memory-mapped reads keep a large catalogue fast.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast when the database is unreachable so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema: schema ?? 'public', close: () => db.destroy() };
}

export function openDatabase(config: AppConfig['database']): DatabaseHandle {
  return config.dialect === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, config.schema);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
