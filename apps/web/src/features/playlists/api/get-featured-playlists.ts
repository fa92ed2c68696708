import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, deferredSchema } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The home page's active featured playlists, in order (public). */
export const getFeaturedPlaylists = (signal?: AbortSignal) =>
  apiRequest('featured-playlists', { schema: deferredSchema('FeaturedPlaylistListSchema'), signal });

export const featuredPlaylistsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.featuredPlaylists, queryFn: ({ signal }) => getFeaturedPlaylists(signal) });

export function useFeaturedPlaylists() {
  return useQuery(featuredPlaylistsQueryOptions());
}
