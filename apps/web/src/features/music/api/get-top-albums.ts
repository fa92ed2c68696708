import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, deferredSchema } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The chart of top albums: GET /api/music/top-albums. */
export const getTopAlbums = (signal?: AbortSignal) =>
  apiRequest('music/top-albums', { schema: deferredSchema('TopAlbumsResultSchema'), signal });

export const topAlbumsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.topAlbums, queryFn: ({ signal }) => getTopAlbums(signal) });

export function useTopAlbums() {
  return useQuery(topAlbumsQueryOptions());
}
