import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { collectionRoutes } from './collection.routes.ts';

// The collection's public surface: other modules import from here only.
export { CollectionService, NOT_IN_COLLECTION } from './collection.service.ts';

export function registerCollection(app: FastifyInstance, deps: AppDeps): void {
  collectionRoutes(app, deps.collection);
}
