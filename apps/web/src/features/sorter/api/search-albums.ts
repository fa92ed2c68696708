import { type AlbumSearchResult, AlbumSearchResultSchema } from '@liner/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const SORTER_SEARCH_LIMIT = 8;

/** Albums to sort, for the picker: GET /api/music/search?q=…&type=album&limit=8. */
export const searchAlbums = (term: string, signal?: AbortSignal) =>
  apiRequest<AlbumSearchResult>(
    `music/search?${new URLSearchParams({ q: term, type: 'album', limit: String(SORTER_SEARCH_LIMIT) })}`,
    { schema: AlbumSearchResultSchema, signal },
  );

export function useAlbumSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: queryKeys.sorterAlbumSearch(q),
    queryFn: ({ signal }) => searchAlbums(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
