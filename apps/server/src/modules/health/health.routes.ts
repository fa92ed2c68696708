import { type Health, HealthSchema, type Readiness, ReadinessSchema } from '@liner/shared';
import { pingDatabase } from '../../db/database.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { HealthNeeds } from './index.ts';

/** A check slower than this counts as down: a probe must answer before the balancer gives up. */
const CHECK_TIMEOUT_MS = 2000;

/** When a balancer (or a person) should ask again after a 503. */
const RETRY_AFTER_SECONDS = 5;

type Check = { status: 'up' | 'down'; latencyMs: number };

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  const up = await Promise.race([probe(), timeout]).then(
    () => true,
    () => false,
  );
  clearTimeout(timer);
  return { status: up ? 'up' : 'down', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

export function healthRoutes(app: ApiApp, deps: HealthNeeds): void {
  const { db, dialect } = deps.database;

  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness: the process answers (the database round trip is reported, not required)',
        response: { 200: HealthSchema },
      },
    },
    async (_request, reply) => {
      const database = await timed(() => pingDatabase(db));
      const body: Health = {
        status: database.status === 'up' ? 'ok' : 'degraded',
        database: { dialect, ...database },
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  /**
   * Probes that arrive while a round of checks runs share it: a flood of /api/ready (it is public)
   * costs the database, Redis and the bucket one check per round, not one per request. A finished
   * round is not reused, so an outage shows on the very next probe.
   */
  let inFlight: Promise<Readiness> | undefined;
  const readiness = (): Promise<Readiness> => {
    if (inFlight) return inFlight;
    const answer = (async (): Promise<Readiness> => {
      const { redis, files } = deps;
      const [database, redisCheck, filesCheck] = await Promise.all([
        timed(() => pingDatabase(db)),
        redis ? timed(() => redis.ping()) : undefined,
        timed(() => files.check()),
      ]);
      const checks: Readiness['checks'] = { database, files: filesCheck, ...(redisCheck ? { redis: redisCheck } : {}) };
      return { status: Object.values(checks).every((c) => c.status === 'up') ? 'ready' : 'unavailable', checks };
    })().finally(() => {
      inFlight = undefined;
    });
    inFlight = answer;
    return answer;
  };

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness: the database, Redis (when configured) and file storage all answer',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const { status, checks } = await readiness();
      const ready = status === 'ready';
      if (!ready) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, checks } satisfies Readiness);
    },
  );
}
