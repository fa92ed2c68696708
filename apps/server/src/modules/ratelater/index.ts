import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { rateLaterRoutes } from './ratelater.routes.ts';

// Rate Later's public surface: other modules import from here only.
export { RateLaterService } from './ratelater.service.ts';

export function registerRateLater(app: FastifyInstance, deps: AppDeps): void {
  rateLaterRoutes(app, deps.rateLater);
}
