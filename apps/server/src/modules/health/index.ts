import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { healthRoutes } from './health.routes.ts';

// Liveness and readiness.
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  healthRoutes(app, deps.database);
}
