import { USER_SEARCH_DEFAULT_LIMIT, USER_SEARCH_SCAN_FACTOR } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { displayNameKey } from '../../lib/display-name-key.ts';
import { searchUsers } from './users-search.repository.ts';

export class UsersSearchService {
  constructor(private readonly db: Db) {}

  async search(viewer: { id: string } | null, query: { q: string; limit?: number }) {
    const users = await searchUsers(
      this.db,
      viewer?.id ?? null,
      displayNameKey(query.q),
      query.limit ?? USER_SEARCH_DEFAULT_LIMIT,
      USER_SEARCH_SCAN_FACTOR,
    );
    return { users };
  }
}
