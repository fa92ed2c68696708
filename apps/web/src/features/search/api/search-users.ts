import { UserSearchResponseSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** People matching a term: GET /api/users/search?q=…&limit=…. */
export const searchUsers = (term: string, limit: number, signal?: AbortSignal) =>
  apiRequest(`users/search?${new URLSearchParams({ q: term, limit: String(limit) })}`, {
    schema: UserSearchResponseSchema,
    signal,
  });

export const userSearchQueryOptions = (term: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.userSearch(term, limit),
    queryFn: ({ signal }) => searchUsers(term, limit, signal),
    staleTime: 30_000,
  });

export function useUserSearch(term: string, limit: number, enabled = true) {
  return useQuery({ ...userSearchQueryOptions(term, limit), enabled: enabled && term.trim().length > 0 });
}
