import { FeaturedPlaylistListSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Every featured playlist, active or not (admins only: 401/403 otherwise). */
export const getAdminPlaylists = (signal?: AbortSignal) =>
  apiRequest('admin/featured-playlists', { schema: FeaturedPlaylistListSchema, signal });

export const adminPlaylistsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.adminFeaturedPlaylists(userId),
    queryFn: ({ signal }) => getAdminPlaylists(signal),
  });

export function useAdminPlaylists() {
  const userId = useUserId();
  return useQuery({ ...adminPlaylistsQueryOptions(userId ?? ''), enabled: userId !== null });
}
