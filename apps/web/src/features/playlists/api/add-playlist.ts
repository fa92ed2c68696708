import { type CreateFeaturedPlaylistBody, type FeaturedPlaylist, FeaturedPlaylistSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Features a playlist by link; the server fills a missing title from Spotify. */
export const addPlaylist = (body: CreateFeaturedPlaylistBody) =>
  apiRequest<FeaturedPlaylist>('admin/featured-playlists', { method: 'POST', body, schema: FeaturedPlaylistSchema });

export function useAddPlaylist() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: addPlaylist,
    // Adding refetches the list (spec §4, Featured playlist); the home carousel follows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminFeaturedPlaylists(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.featuredPlaylists }),
      ]),
  });
}
