import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { usersSearchRoutes } from './users-search.routes.ts';

// User search's public surface (people by display name).
export { UsersSearchService } from './users-search.service.ts';

export function registerUsersSearch(app: FastifyInstance, deps: AppDeps): void {
  usersSearchRoutes(app, deps.usersSearch);
}
