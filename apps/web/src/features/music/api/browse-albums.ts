import { type BrowseAlbumsResult, BrowseAlbumsResultSchema } from '@liner/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { browseApiQuery, type DiscoverFilters } from '../discover-filters.ts';

/** One page of Discover's filtered albums: GET /api/music/albums?genre=…&decade=…&type=…&sort=…. */
export const browseAlbums = (query: string, signal?: AbortSignal) =>
  apiRequest<BrowseAlbumsResult>(`music/albums?${query}`, { schema: BrowseAlbumsResultSchema, signal });

export const browseAlbumsQueryOptions = (filters: DiscoverFilters, page: number) => {
  const query = browseApiQuery(filters, page);
  return queryOptions({
    queryKey: queryKeys.browseAlbums(query),
    queryFn: ({ signal }) => browseAlbums(query, signal),
  });
};

/** The previous page stays on screen while the next one loads, so paging does not flash. */
export function useBrowseAlbums(filters: DiscoverFilters, page: number, enabled: boolean) {
  return useQuery({ ...browseAlbumsQueryOptions(filters, page), enabled, placeholderData: keepPreviousData });
}
