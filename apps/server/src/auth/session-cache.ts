import { redisNews } from '../lib/cache-broadcast.ts';
import type { RedisHandle } from '../lib/redis.ts';
import type { SessionUser } from '../plugins/session.ts';
import type { SessionCopies } from './redis-storage.ts';

/** What Better Auth said of one session token, kept for a moment. */
export interface CachedSession {
  /** Whose session it is. */
  userId: string;
  /** Who the routes see: null when the account is suspended (its sessions open nothing). */
  user: SessionUser | null;
  /** Better Auth's get-session answer for it, as JSON, without the token (auth-guard.ts). */
  answer: string;
  /** When the session itself ends (ms): it is never served past that. */
  sessionExpiresAt: number;
}

interface Entry extends CachedSession {
  storedAt: number;
}

export interface SessionCacheOptions {
  /**
   * How long an answer may be served. Revocations made by this instance, or told through Redis,
   * forget it at once; this bounds how long one made where neither reaches (the CLI without Redis,
   * Redis down) stays unseen.
   */
  ttlMs?: number;
  /** Oldest entries go first beyond this many: tokens come from visitors' cookies. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Every signed-in request used to ask Better Auth who it came from: its API context, a webcrypto
 * key import and a database read each time. Answers are kept here, by session token, for a second:
 * a busy member's requests pay for one check a second, not one each (ADR 46).
 *
 * A revocation must still end access at once, so everything that ends or changes a session
 * forgets it here (sign-out, revoked sessions, a new password, suspension, a new name, picture or
 * role: through SessionCopies and Better Auth's database hooks). A check that started before a
 * forget must not put the old answer back: `generation` counts forgets, and an answer read under
 * an older generation is dropped.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private forgets = 0;
  private readonly listeners: ((change: SessionChange) => void)[] = [];

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 1000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Changes with every forget: read it before a check, hand it to `set` after. */
  get generation(): number {
    return this.forgets;
  }

  get(token: string): CachedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.storedAt >= this.ttlMs || now >= entry.sessionExpiresAt) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  /** Keeps an answer unless something was forgotten since `generation` was read. */
  set(token: string, session: CachedSession, generation: number): void {
    if (generation !== this.forgets) return;
    if (!this.entries.has(token) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(token);
    this.entries.set(token, { ...session, storedAt: this.now() });
  }

  forgetSession(token: string): void {
    this.apply({ token });
    this.tell({ token });
  }

  forgetUser(userId: string): void {
    this.apply({ userId });
    this.tell({ userId });
  }

  /** Calls `listener` with each forget made here (not those applied from elsewhere). */
  onForget(listener: (change: SessionChange) => void): void {
    this.listeners.push(listener);
  }

  /** Applies a forget another instance made. */
  apply(change: SessionChange): void {
    this.forgets += 1;
    if ('token' in change) {
      this.entries.delete(change.token);
      return;
    }
    for (const [token, entry] of this.entries) if (entry.userId === change.userId) this.entries.delete(token);
  }

  private tell(change: SessionChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

export type SessionChange = { token: string } | { userId: string };

/**
 * Forgets across instances: each one made here is published on a Redis channel, and every other
 * instance applies it. One that cannot be sent (Redis down) is lost; the cache's second-long life
 * then bounds how long another instance still lets the session in.
 */
export function broadcastSessionForgets(cache: SessionCache, redis: RedisHandle): void {
  const tell = redisNews(redis, 'session-forgets', ({ token, userId }) => {
    if (typeof token === 'string') cache.apply({ token });
    else if (typeof userId === 'string') cache.apply({ userId });
  });
  cache.onForget((change) => tell(change));
}

/** SessionCopies that also forget in `cache` (and so, when it is broadcast, on every instance). */
export function withSessionCache(copies: SessionCopies, cache: SessionCache): SessionCopies {
  return {
    async forgetSession(token) {
      cache.forgetSession(token);
      await copies.forgetSession(token);
    },
    async forgetUser(userId) {
      cache.forgetUser(userId);
      await copies.forgetUser(userId);
    },
  };
}
