import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { healthRoutes } from './health.routes.ts';

// Liveness and readiness.
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Installation', (api) => {
    healthRoutes(api, deps);
  });
}
