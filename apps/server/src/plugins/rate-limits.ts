import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';
import type { Limiter, RateLimitRule, RateLimitStore } from '../lib/rate-limit.ts';

/**
 * Limits on our own costly routes: writes, uploads, searches (which may
 * reach through to MusicBrainz) and data exports, counted per signed-in user and per client
 * address. An address may be an office or a campus, so it gets ten times one person's share.
 * /api/auth/* has Better Auth's limits and the account throttle instead (auth/auth-guard.ts).
 * Routes are classified by their pattern here, so a new write route is limited without a word.
 */
const ADDRESS_SHARE = 10;

export type RateLimitBucket = 'write' | 'upload' | 'search' | 'export';
type Bucket = RateLimitBucket;

// Finding someone on the fediverse asks their server (WebFinger, then their actor).
const SEARCH_ROUTES = new Set(['/api/music/search', '/api/users/search', '/api/federation/people']);
// A picture is decoded and re-encoded; an import's file of up to 20 MB is parsed.
const UPLOAD_ROUTES = new Set(['/api/users/me/profile/picture', '/api/imports']);
// An export reads every row a person has (60,000 listens are a 13 MB file): a few an hour are
// all anyone needs, and a loop of them must not take the server's time from everyone else.
const EXPORT_ROUTES = new Set(['/api/users/me/export', '/api/users/me/export.zip']);

/** Which limit a route counts against, from its method and pattern; null for none. */
export function rateLimitBucket(method: string, route: string): Bucket | null {
  // Admins curate under /api/admin and are trusted with their own pace.
  if (!route.startsWith('/api/') || route.startsWith('/api/auth/') || route.startsWith('/api/admin/')) return null;
  if (method === 'GET' || method === 'HEAD') {
    if (SEARCH_ROUTES.has(route)) return 'search';
    return EXPORT_ROUTES.has(route) ? 'export' : null;
  }
  return UPLOAD_ROUTES.has(route) ? 'upload' : 'write';
}

const bucketOf = (request: FastifyRequest) => rateLimitBucket(request.method, request.routeOptions.url ?? '');

/** How the API reference describes a route's limit (the numbers this installation runs with). */
export function describeRateLimit(bucket: Bucket, limits: AppConfig['rateLimits']): string {
  const rule = rules(limits)[bucket];
  if (rule.points === 0) return `No ${bucket} limit on this installation.`;
  const per = rule.windowSeconds === 60 ? 'minute' : 'hour';
  return `${rule.points} ${bucket}s per ${per} per signed-in user and ${rule.points * ADDRESS_SHARE} per client address; beyond that 429 RATE_LIMITED with Retry-After.`;
}

function rules(limits: AppConfig['rateLimits']): Record<Bucket, RateLimitRule> {
  return {
    write: { points: limits.writesPerMinute, windowSeconds: 60 },
    search: { points: limits.searchesPerMinute, windowSeconds: 60 },
    upload: { points: limits.uploadsPerHour, windowSeconds: 60 * 60 },
    export: { points: limits.exportsPerHour, windowSeconds: 60 * 60 },
  };
}

export function registerRateLimits(app: FastifyInstance, store: RateLimitStore, limits: AppConfig['rateLimits']): void {
  const perUser = new Map<Bucket, Limiter>();
  const perAddress = new Map<Bucket, Limiter>();
  for (const [bucket, rule] of Object.entries(rules(limits)) as [Bucket, RateLimitRule][]) {
    if (rule.points === 0) continue; // 0 turns a limit off (benchmarks)
    perUser.set(bucket, store.limiter(`${bucket}-user`, rule));
    perAddress.set(bucket, store.limiter(`${bucket}-ip`, { ...rule, points: rule.points * ADDRESS_SHARE }));
  }

  // Before validation: a malformed write counts too, so a flood of bad bodies is limited like good ones.
  // Most requests are reads with no limit: they pass through a callback, without a promise (cheaper in Fastify).
  app.addHook('preValidation', (request, _reply, done) => {
    const bucket = bucketOf(request);
    const byAddress = bucket && perAddress.get(bucket);
    if (!bucket || !byAddress) {
      done();
      return;
    }
    consume(request, bucket, byAddress).then(() => done(), done);
  });

  async function consume(request: FastifyRequest, bucket: Bucket, byAddress: Limiter): Promise<void> {
    const address = await byAddress.consume(request.ip);
    let result = address;
    if (address.ok && request.headers.cookie) {
      const user = await request.sessionUser();
      const byUser = perUser.get(bucket);
      if (user && byUser) result = await byUser.consume(user.id);
    }
    if (!result.ok) {
      const seconds = result.retryAfterSeconds;
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        { retryAfterSeconds: seconds },
      );
    }
  }
}
