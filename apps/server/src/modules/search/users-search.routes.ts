import { USER_SEARCH_DEFAULT_LIMIT, USER_SEARCH_SCAN_FACTOR, UserSearchQuerySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { displayNameKey } from '../../lib/display-name-key.ts';
import { searchUsers } from './users-search.repository.ts';

export function usersSearchRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/users/search', async (request) => {
    const query = UserSearchQuerySchema.parse(request.query);
    const users = await searchUsers(
      db,
      displayNameKey(query.q),
      query.limit ?? USER_SEARCH_DEFAULT_LIMIT,
      USER_SEARCH_SCAN_FACTOR,
    );
    return { users };
  });
}
