import { createHash } from 'node:crypto';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import type { AppConfig } from '../config/env.ts';
import type { RedisHandle } from './redis.ts';

/**
 * Counters for rate limits and the per-account sign-in throttle, behind one interface
 * (rate-limiter-flexible, ADR 13). The counts live where every instance sees them: in Redis when
 * REDIS_URL is set (ADR 29), else in the PostgreSQL database, or beside the SQLite database in its
 * own file, so a burst of counting never waits on (or holds) the main database's write lock. When
 * the store fails, an in-memory limiter takes over for that process: a limit weakens (each
 * instance counts on its own), it never answers 500.
 */
export interface RateLimitRule {
  /** Allowed per window. */
  points: number;
  windowSeconds: number;
  /** Once exceeded, refuse for this long (default: until the window ends). */
  blockSeconds?: number;
}

export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface Limiter {
  /** Counts one event for `key`; refused once the rule's points are spent. */
  consume(key: string): Promise<LimitResult>;
  /** Whether `key` is refused right now, without counting. */
  check(key: string): Promise<LimitResult>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimitStore {
  limiter(name: string, rule: RateLimitRule): Limiter;
  close(): Promise<void>;
}

const TABLE = 'rate_limits';
const SWEEP_EVERY_MS = 5 * 60_000;
/** Rows stay an hour past their window, as the library's own PostgreSQL sweep keeps them. */
const SWEEP_GRACE_MS = 60 * 60_000;

interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
  blockDuration: number;
  insuranceLimiter: RateLimiterMemory;
}

type Backend = { make(options: LimiterOptions): RateLimiterAbstract; close(): Promise<void> };

function sqliteBackend(dataDir: string): Backend {
  const sqlite = new SqliteDatabase(path.join(dataDir, 'rate-limits.db'));
  sqlite.pragma('journal_mode = WAL');
  // Counters, not records: losing the last second of counts in a power cut is fine.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 50');
  sqlite.exec(
    `create table if not exists ${TABLE} (key text primary key, points integer not null default 0, expire integer)`,
  );
  // Every address or e-mail ever counted leaves a row; the library sweeps them on PostgreSQL but
  // not on SQLite, so a visitor rotating addresses would grow the file without end. Swept here
  // every five minutes; a failed sweep (a busy file) waits for the next one.
  const sweep = sqlite.prepare(`delete from ${TABLE} where expire is not null and expire < ?`);
  const sweeper = setInterval(() => {
    try {
      sweep.run(Date.now() - SWEEP_GRACE_MS);
    } catch {}
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    make: (options) =>
      new RateLimiterSQLite({
        ...options,
        storeClient: sqlite,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
      }),
    close: async () => {
      clearInterval(sweeper);
      sqlite.close();
    },
  };
}

function postgresBackend(url: string, schema: string | undefined): Backend {
  const pool = new pg.Pool({
    connectionString: url,
    max: 3,
    connectionTimeoutMillis: 1000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {});
  return {
    // The table comes from migration 008, so no instance races to create it.
    make: (options) => new RateLimiterPostgres({ ...options, storeClient: pool, tableName: TABLE, tableCreated: true }),
    close: () => pool.end(),
  };
}

function redisBackend(redis: RedisHandle): Backend {
  return {
    make: (options) =>
      new RateLimiterRedis({
        ...options,
        keyPrefix: `${redis.prefix}limit:${options.keyPrefix}`,
        storeClient: redis.client,
        // Down: the in-memory insurance limiter answers at once, instead of a failed command.
        rejectIfRedisNotReady: true,
      }),
    // The connection belongs to the app (lib/redis.ts).
    close: async () => {},
  };
}

/** Keys are e-mail addresses and IPs; the store's column holds 255 characters. */
function storeKey(key: string): string {
  return key.length <= 128 ? key : createHash('sha256').update(key).digest('base64url');
}

function toResult(error: unknown): LimitResult {
  if (error instanceof RateLimiterRes) {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
  }
  throw error;
}

export function createRateLimitStore(
  config: Pick<AppConfig, 'database' | 'dataDir'>,
  redis?: RedisHandle,
): RateLimitStore {
  const backend = redis
    ? redisBackend(redis)
    : config.database.dialect === 'sqlite'
      ? sqliteBackend(config.dataDir)
      : postgresBackend(config.database.url, config.database.schema);
  return {
    limiter(name, rule) {
      const options = {
        keyPrefix: name,
        points: rule.points,
        duration: rule.windowSeconds,
        blockDuration: rule.blockSeconds ?? 0,
      };
      const store = backend.make({ ...options, insuranceLimiter: new RateLimiterMemory(options) });
      return {
        consume: (key) => store.consume(storeKey(key)).then(() => ({ ok: true }) as const, toResult),
        async check(key) {
          const state = await store.get(storeKey(key)).catch(() => null);
          if (!state || state.consumedPoints < rule.points) return { ok: true };
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
        },
        reset: (key) =>
          store.delete(storeKey(key)).then(
            () => undefined,
            () => undefined,
          ),
      };
    },
    close: () => backend.close(),
  };
}
