import type { FeaturedPlaylist } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export const deletePlaylist = (id: string) =>
  apiRequest<void>(`admin/featured-playlists/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<FeaturedPlaylist[]>(queryKeys.adminFeaturedPlaylists(userId), (list) =>
        list?.filter((playlist) => playlist.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.featuredPlaylists });
    },
  });
}
