import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { collectionRoutes } from './collection.routes.ts';
import { listensRoutes } from './listens.routes.ts';
import { rateLaterRoutes } from './rate-later.routes.ts';

// The library's public surface (a person's collection, Rate Later list and listening diary): other modules import from here only.
export { CollectionService } from './collection.service.ts';
export { ListensService } from './listens.service.ts';
export { RateLaterService } from './rate-later.service.ts';

export function registerLibrary(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Library', (api) => {
    collectionRoutes(api, deps.collection);
    rateLaterRoutes(api, deps.rateLater);
    listensRoutes(api, deps.listens);
  });
}
