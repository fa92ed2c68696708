import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config/env.ts';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { freePort } from './free-port.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  /** http://127.0.0.1:port of the listening app: tests speak real HTTP. */
  baseUrl: string;
  /** Every e-mail the app sent, newest last. */
  mail: Mail[];
  /** Every route the app registered, as METHOD and URL pattern (HEAD twins of GET routes left out). */
  routes: { method: string; url: string; options: RouteOptions }[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Runs after the app is built and before it listens: lets a test add a probe route. */
  beforeListen?: (app: FastifyInstance) => void;
  /** Log lines go here (set LOG_LEVEL in env too); without it the app logs nothing. */
  logStream?: DestinationStream;
  /**
   * A second instance of that app: the same database (its own connections) and DATA_DIR, and the
   * same Redis key prefix, as several processes of one site share them.
   */
  instanceOf?: TestApp;
}

/**
 * With TEST_REDIS_URL set, every test app uses that Redis (rate limits, sessions, read-cache
 * broadcast) under a key prefix of its own, deleted when the app closes: the suite then runs the
 * way several instances would. Server processes sharing one prefix use it too.
 */
export function testRedis(): { env: Record<string, string>; dispose(): Promise<void> } {
  const url = process.env.TEST_REDIS_URL;
  if (!url) return { env: {}, dispose: async () => {} };
  const prefix = `liner-test-${randomBytes(6).toString('hex')}:`;
  return {
    env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix },
    async dispose() {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

const CLOSE_GRACE_MS = 5_000;

/** Builds the real app on a fresh database and listens on a free port. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const first = options.instanceOf;
  const database: TestDatabase = first
    ? { ...first.database, handle: first.database.openAnother(), dispose: async () => {} }
    : await createTestDatabase();
  const redis = first
    ? {
        env: first.config.redis
          ? { REDIS_URL: first.config.redis.url, REDIS_KEY_PREFIX: first.config.redis.keyPrefix }
          : {},
        dispose: async () => {},
      }
    : testRedis();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: database.dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    MUSICBRAINZ: 'off',
    // Each test user comes from its own address (X-Forwarded-For from a trusted proxy), so
    // per-IP rate limits apply per user as they would in production.
    TRUST_PROXY: '1',
    WEB_DIST_DIR: `${database.dataDir}/no-web-build`,
    ...redis.env,
    ...options.env,
  });
  const mail: Mail[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
    },
  };
  const routes: TestApp['routes'] = [];
  const app = await buildApp(config, {
    database: database.handle,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    mailer,
    // Every response of every integration test is checked against its declared schema.
    strictResponses: true,
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, options: route });
    },
  });
  options.beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    database,
    baseUrl,
    mail,
    routes,
    async close() {
      // A connection a test left busy (a body it never read) or opened and never used would hold the
      // close for the keep-alive or connection time-out, past the hook's minute: the test is over, so
      // after a grace for requests still being answered, every connection goes.
      const grace = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(grace);
      }
      if (first) await database.handle.close();
      await database.dispose();
      await redis.dispose();
    },
  };
}
