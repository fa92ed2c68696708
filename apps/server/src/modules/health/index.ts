import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import type { RedisHandle } from '../../lib/redis.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { healthRoutes } from './health.routes.ts';

// Liveness and readiness.

/** What readiness probes: the database, Redis when configured, and the file store. */
export interface HealthNeeds {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  redis: Pick<RedisHandle, 'ping'> | undefined;
  files: Pick<FileStore, 'check'>;
}

export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Installation', (api) => {
    healthRoutes(api, deps);
  });
}
