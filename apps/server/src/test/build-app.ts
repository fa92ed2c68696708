import type { FastifyInstance } from 'fastify';
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
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Runs after the app is built and before it listens: lets a test add a probe route. */
  beforeListen?: (app: FastifyInstance) => void;
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
    TRUST_PROXY: 'on',
    WEB_DIST_DIR: `${database.dataDir}/no-web-build`,
    ...options.env,
  });
  const mail: Mail[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
    },
  };
  const app = await buildApp(config, { database: database.handle, logger: false, mailer });
  options.beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    database,
    baseUrl,
    mail,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
