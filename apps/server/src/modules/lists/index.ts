import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { listsRoutes } from './lists.routes.ts';

// Lists of albums or songs: other modules import from here only.
export { ListsService } from './lists.service.ts';

export function registerLists(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Lists', (api) => {
    listsRoutes(api, deps.lists);
  });
}
