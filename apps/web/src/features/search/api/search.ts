import { type AlbumSearchResult, AlbumSearchResultSchema, UserSearchResponseSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useUserSearch(term: string, limit: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.userSearch(term, limit),
    queryFn: ({ signal }) =>
      apiRequest(`users/search?${new URLSearchParams({ q: term, limit: String(limit) })}`, {
        schema: UserSearchResponseSchema,
        signal,
      }),
    enabled: enabled && term.trim().length > 0,
    staleTime: 30_000,
  });
}

export function useAlbumSearch(term: string, limit: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.albumSearch(term, limit),
    queryFn: ({ signal }) =>
      apiRequest<AlbumSearchResult>(
        `music/search?${new URLSearchParams({ q: term, type: 'album', limit: String(limit) })}`,
        {
          schema: AlbumSearchResultSchema,
          signal,
        },
      ),
    enabled: enabled && term.trim().length > 0,
    staleTime: 30_000,
  });
}
