import type { FastifyInstance, RouteOptions } from 'fastify';
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
}

/** Builds the real app on a fresh database and listens on a free port. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
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
      await app.close();
      await database.dispose();
    },
  };
}
