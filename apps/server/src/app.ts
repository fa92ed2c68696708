import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerJsonOnly } from './plugins/content-type.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSpa } from './plugins/spa.ts';

export interface BuildAppOptions {
  /** Use an already-open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
  }
}

/** Builds the whole product: used by main.ts and by every integration test. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  const database = options.database ?? openDatabase(config.database);
  const ownsDatabase = !options.database;
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  await migrateToLatest(database);

  registerErrorHandler(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes; no inline <style> or script is served.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The site is served over plain http on localhost by default; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  registerCrossSiteGuard(app, config.trustedOrigins);
  registerJsonOnly(app);

  healthRoutes(app, database);

  await registerSpa(app, config.webDistDir);
  return app;
}
