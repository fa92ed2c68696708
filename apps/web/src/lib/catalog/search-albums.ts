import { type AlbumSearchResult, AlbumSearchResultSchema } from '@liner/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// Shared by the header search, the search and music pages and the sorter's picker (several
// features), so it lives below them (STYLE.md habit 1).

/** Albums matching a term: GET /api/music/search?q=…&type=album&limit=…. */
export const searchAlbums = (term: string, limit: number, signal?: AbortSignal) =>
  apiRequest<AlbumSearchResult>(
    `music/search?${new URLSearchParams({ q: term, type: 'album', limit: String(limit) })}`,
    { schema: AlbumSearchResultSchema, signal },
  );

export const albumSearchQueryOptions = (term: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.albumSearch(term, limit),
    queryFn: ({ signal }) => searchAlbums(term, limit, signal),
    staleTime: 30_000,
  });

type AlbumSearchOverrides = { enabled?: boolean; staleTime?: number; keepPrevious?: boolean };

export function useAlbumSearch(
  term: string,
  limit: number,
  { enabled = true, keepPrevious, ...rest }: AlbumSearchOverrides = {},
) {
  return useQuery({
    ...albumSearchQueryOptions(term, limit),
    enabled: enabled && term.trim().length > 0,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...rest,
  });
}
