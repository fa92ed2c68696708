import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, deferredSchema } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The chart of top songs: GET /api/music/top-songs. */
export const getTopSongs = (signal?: AbortSignal) =>
  apiRequest('music/top-songs', { schema: deferredSchema('TopSongsResultSchema'), signal });

export const topSongsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.topSongs, queryFn: ({ signal }) => getTopSongs(signal) });

export function useTopSongs() {
  return useQuery(topSongsQueryOptions());
}
