import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { chartsRoutes } from './charts.routes.ts';

// The charts' public surface: top albums and top songs from community ratings.
export { ChartsService } from './charts.service.ts';

export function registerCharts(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Charts', (api) => {
    chartsRoutes(api, deps.charts, deps.readCache);
  });
}
