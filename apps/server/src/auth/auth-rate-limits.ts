import type { BetterAuthOptions } from 'better-auth';
import type { Limiter, RateLimitStore } from '../lib/rate-limit.ts';

/**
 * Better Auth's per-address limits, counted in the app's own rate-limit store (lib/rate-limit.ts,
 * ADR 13): Redis when configured, else PostgreSQL's table or SQLite's file beside the database.
 * Better Auth's own database storage read and rewrote a row of the main database on every
 * /api/auth call, under SQLite's one write lock; this store makes one atomic count, and falls back
 * to counting in memory, never to an error, when its backend fails.
 */
type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

export function authRateLimitStorage(limits: RateLimitStore): RateLimitStorage {
  const limiters = new Map<string, Limiter>();
  const limiterFor = (rule: { window: number; max: number }) => {
    const name = `auth-${rule.max}-per-${rule.window}s`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = limits.limiter(name, { points: rule.max, windowSeconds: rule.window });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  return {
    async consume(key, rule) {
      const result = await limiterFor(rule).consume(key);
      return result.ok ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: result.retryAfterSeconds };
    },
  };
}
