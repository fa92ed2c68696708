import { UserSearchQuerySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import type { UsersSearchService } from './users-search.service.ts';

export function usersSearchRoutes(app: FastifyInstance, usersSearch: UsersSearchService): void {
  app.get('/api/users/search', async (request) => usersSearch.search(UserSearchQuerySchema.parse(request.query)));
}
