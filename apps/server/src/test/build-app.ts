import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config/env.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  /** http://127.0.0.1:port of the listening app: tests speak real HTTP. */
  baseUrl: string;
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
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    MUSICBRAINZ: 'off',
    WEB_DIST_DIR: `${database.dataDir}/no-web-build`,
    ...options.env,
  });
  const app = await buildApp(config, { database: database.handle, logger: false });
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The app trusts its own listen address as an origin, as a deployment trusts PUBLIC_URL.
  config.trustedOrigins.push(baseUrl);
  return {
    app,
    config,
    database,
    baseUrl,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
