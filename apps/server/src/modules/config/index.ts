import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { configRoutes } from './config.routes.ts';

// What the web app may know about this installation.
export function registerConfig(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Installation', (api) => {
    configRoutes(api, deps.config);
  });
}
