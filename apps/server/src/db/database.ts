import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type PostgresPool, type PostgresPoolClient, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config/env.ts';
import { isStalePlan } from '../lib/db-errors.ts';
import { DatabaseCircuit } from './circuit.ts';
import { OneSchemaPostgresDialect } from './one-schema-dialect.ts';
import type { Database } from './schema.ts';
import { StatementNames } from './statement-names.ts';

type SqliteConnection = SqliteDatabase.Database;
type SqliteStatement = SqliteDatabase.Statement;

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema holding our tables (search_path); undefined on SQLite. */
  schema?: string;
  close(): Promise<void>;
  /** Busy or down moments seen by the driver; on PostgreSQL also the circuit in front of connects. */
  circuit: DatabaseCircuit;
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
function withStatementCache(sqlite: SqliteConnection, circuit: DatabaseCircuit): SqliteConnection {
  const cache = new Map<string, SqliteStatement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = observed(sqlite.prepare(source), circuit);
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

const WATCHED = new Set<PropertyKey>(['run', 'all', 'get', 'iterate']);

/** Statements that report SQLITE_BUSY and I/O failures to the circuit (auth routes answer 503 by it). */
function observed(statement: SqliteStatement, circuit: DatabaseCircuit): SqliteStatement {
  const wrappers = new Map<PropertyKey, unknown>();
  return new Proxy(statement, {
    get(target, property) {
      // Native accessors (reader) need the real statement as `this`.
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(property);
      if (!wrapper) {
        const run = (value as (...args: unknown[]) => unknown).bind(target);
        wrapper = WATCHED.has(property)
          ? (...args: unknown[]) => {
              try {
                return run(...args);
              } catch (error) {
                circuit.observe(error);
                throw error;
              }
            }
          : run;
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

/**
 * How long a write waits for another process's SQLite lock. The driver is synchronous: the wait
 * blocks the event loop, so every other request waits too (5 s once froze /api/health for 11 s).
 * So the wait is short, and withTransaction (transaction.ts) does the patient part, retrying with
 * awaits in between; after that the request answers 503 with Retry-After.
 */
const SQLITE_BUSY_TIMEOUT_MS = 10;

function openSqlite(file: string): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL with synchronous=FULL: an acknowledged write survives a crash or power loss (DESIGN.md decision 11).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // Reads dominate: a 64 MB page cache and memory-mapped reads keep a large catalogue fast.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const circuit = new DatabaseCircuit();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, circuit) }) });
  return { db, dialect: 'sqlite', circuit, close: () => db.destroy() };
}

const POOL_MAX = 10;
/**
 * How long a request may queue for a connection while every one of them is at work. The pool's
 * own 3 s timeout is for a database that does not answer; one that answers but is busy (a burst
 * of writes to one album) gets through its queue, so a request waits for it rather than answer 503.
 */
const SATURATED_WAIT_MS = 15_000;

const isPoolWaitTimeout = (error: unknown) =>
  error instanceof Error && /timeout exceeded when trying to connect/.test(error.message);

/**
 * A query with parameters, as Kysely sends them, under its statement name when it has one
 * (statement-names.ts). A plan made stale by another process's migration is planned afresh: the
 * error comes before the statement runs, so running it again changes nothing twice. Inside a
 * transaction the error has already aborted it: the stale-plan error goes up, and withTransaction
 * runs the transaction again (db-errors.ts).
 */
async function queryNamed(
  client: pg.PoolClient,
  names: StatementNames,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  const name = names.nameFor(client, text);
  if (!name) return client.query(text, values);
  try {
    return await client.query({ name, text, values });
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    names.retire(client, name);
    try {
      return await client.query(text, values);
    } catch {
      throw error;
    }
  }
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    // Fail fast when the database is unreachable so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const circuit = new DatabaseCircuit();
  const names = new StatementNames();
  // Connections handed out and not yet released: all of them means the database is answering.
  let atWork = 0;
  const acquire = async (): Promise<pg.PoolClient> => {
    const started = Date.now();
    for (;;) {
      try {
        return await circuit.run(() => pool.connect());
      } catch (error) {
        const saturated = isPoolWaitTimeout(error) && atWork >= POOL_MAX;
        if (!saturated || Date.now() - started >= SATURATED_WAIT_MS) throw error;
      }
    }
  };
  const guarded: PostgresPool = {
    connect: async () => {
      const client = await acquire();
      atWork += 1;
      // While checked out, pg-pool leaves a client without an 'error' listener: a connection lost
      // between two queries of a transaction would be an uncaught exception, ending the process.
      const onError = (error: Error) => circuit.observe(error);
      client.on('error', onError);
      return {
        query: ((...args: Parameters<pg.PoolClient['query']>) => {
          const [text, values] = args as unknown[];
          const result =
            typeof text === 'string' && Array.isArray(values)
              ? queryNamed(client, names, text, values)
              : (client.query as (...a: unknown[]) => unknown)(...args);
          // A connection cut mid-query opens the circuit too.
          if (result instanceof Promise) result.catch((error: unknown) => circuit.observe(error));
          return result;
        }) as PostgresPoolClient['query'],
        release: () => {
          atWork -= 1;
          client.off('error', onError);
          client.release();
        },
      };
    },
    end: () => pool.end(),
  };
  const ownSchema = schema ?? 'public';
  const db = new Kysely<Database>({ dialect: new OneSchemaPostgresDialect({ pool: guarded }, ownSchema) });
  return { db, dialect: 'postgres', schema: ownSchema, circuit, close: () => db.destroy() };
}

export function openDatabase(config: AppConfig['database']): DatabaseHandle {
  return config.dialect === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url, config.schema);
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
