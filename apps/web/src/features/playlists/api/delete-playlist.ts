import type { FeaturedPlaylist } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deletePlaylist = (id: string) =>
  apiRequest<void>(`admin/featured-playlists/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<FeaturedPlaylist[]>(queryKeys.adminFeaturedPlaylists, (list) =>
        list?.filter((playlist) => playlist.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.featuredPlaylists });
    },
  });
}
