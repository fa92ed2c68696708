import type { SecondaryStorage } from 'better-auth';
import type { RedisHandle } from '../lib/redis.ts';

/**
 * Better Auth's secondary storage in Redis (ADR 29): sessions are read from Redis by
 * every instance (Better Auth's per-address rate limits count in the app's rate-limit store,
 * auth-rate-limits.ts). Sessions and verification links are still written to the database too
 * (storeSessionInDatabase, storeInDatabase), so Redis is a copy and never the only one:
 * - Redis down: a read finds nothing and Better Auth reads the database instead; a write or delete
 *   that fails is dropped.
 * - A write or delete that failed (Redis down, or a command timing out), and every reconnection:
 *   every key this site keeps there for Better Auth is deleted as soon as Redis answers, and until
 *   that is done nothing is read from it, because a sign-out or a revoked session that could not be
 *   deleted from Redis must not come back to life from a stale copy. Sessions are then read from
 *   the database.
 */
/** Redis copies for one site: Better Auth's storage and the forgetting our own writes need. */
export interface AuthRedis {
  storage: SecondaryStorage;
  copies: SessionCopies;
}

/**
 * Changes made beside Better Auth (a new display name or picture, a role, a session signed out from
 * Settings, a deleted account) make its Redis copies of that person's sessions stale: these drop
 * them, and Better Auth reads the sessions from the database again. Nothing to do without Redis.
 */
export interface SessionCopies {
  forgetSession(token: string): Promise<void>;
  forgetUser(userId: string): Promise<void>;
}

export const NO_SESSION_COPIES: SessionCopies = { forgetSession: async () => {}, forgetUser: async () => {} };

/** Better Auth's key for the list of a person's session tokens (internal-adapter's own name). */
const activeSessionsKey = (userId: string) => `active-sessions-${userId}`;

/** How often a pending flush is tried again while Redis keeps failing. */
const FLUSH_RETRY_MS = 5000;

const perHandle = new WeakMap<RedisHandle, AuthRedis>();

/** One AuthRedis per Redis handle: the app's auth and its services share the pending-flush state. */
export function authRedis(redis: RedisHandle): AuthRedis {
  let made = perHandle.get(redis);
  if (!made) {
    made = makeAuthRedis(redis);
    perHandle.set(redis, made);
  }
  return made;
}

function makeAuthRedis(redis: RedisHandle): AuthRedis {
  const prefix = `${redis.prefix}auth:`;
  const { client } = redis;
  let flushing: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** Until the flush is done, nothing is read from Redis: every session comes from the database. */
  let distrusted = false;

  /** Some copy may be stale: drop them all as soon as Redis answers. */
  const distrust = () => {
    distrusted = true;
    if (flushing) return;
    flushing = forgetEverything(redis, prefix).then(
      () => {
        flushing = null;
        distrusted = false;
      },
      () => {
        flushing = null;
        retry ??= setTimeout(() => {
          retry = null;
          distrust();
        }, FLUSH_RETRY_MS);
        retry.unref();
      },
    );
  };
  redis.onReconnect(distrust);
  const dropped = () => null;
  const failedWrite = () => {
    distrust();
    return null;
  };

  const storage: SecondaryStorage = {
    get: async (key) => (distrusted ? null : client.get(prefix + key).catch(dropped)),
    getAndDelete: async (key) => (distrusted ? null : client.getdel(prefix + key).catch(failedWrite)),
    // Required by the interface; Better Auth counts its rate limits in our store instead.
    async increment(key, ttl) {
      try {
        const [[, count]] = (await client
          .multi()
          .incr(prefix + key)
          // NX: the window starts with the first count and is never extended.
          .expire(prefix + key, Math.max(1, Math.ceil(ttl)), 'NX')
          .exec()) as [[Error | null, number]];
        return count;
      } catch {
        return 0;
      }
    },
    set: (key, value, ttl) =>
      (ttl && ttl > 0 ? client.set(prefix + key, value, 'EX', Math.ceil(ttl)) : client.set(prefix + key, value)).catch(
        failedWrite,
      ),
    delete: (key) => client.del(prefix + key).then(() => null, failedWrite),
  };

  const copies: SessionCopies = {
    async forgetSession(token) {
      await client.del(prefix + token).catch(failedWrite);
    },
    async forgetUser(userId) {
      try {
        const list = JSON.parse((await client.get(prefix + activeSessionsKey(userId))) ?? '[]') as Array<{
          token?: unknown;
        }>;
        const keys = list.flatMap((entry) => (typeof entry.token === 'string' ? [prefix + entry.token] : []));
        if (keys.length > 0) await client.del(...keys);
      } catch {
        failedWrite();
      }
    },
  };
  return { storage, copies };
}

/** Deletes every key under `prefix`, a page at a time (SCAN, never KEYS on a shared server). */
async function forgetEverything(redis: RedisHandle, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.client.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.client.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
