import { UserSearchQuerySchema, UserSearchResponseSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { UsersSearchService } from './users-search.service.ts';

export function usersSearchRoutes(app: ApiApp, usersSearch: UsersSearchService): void {
  app.get(
    '/api/users/search',
    {
      schema: {
        summary: 'Find people by display name or bio',
        querystring: UserSearchQuerySchema,
        response: { 200: UserSearchResponseSchema },
      },
    },
    async (request) => usersSearch.search(await request.sessionUser(), request.query),
  );
}
