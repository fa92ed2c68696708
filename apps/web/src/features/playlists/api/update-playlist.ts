import { type FeaturedPlaylist, FeaturedPlaylistSchema, type UpdateFeaturedPlaylistBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export interface UpdatePlaylistInput {
  id: string;
  changes: UpdateFeaturedPlaylistBody;
}

/** Partial changes by id; the dashboard uses it to flip isActive. */
export const updatePlaylist = ({ id, changes }: UpdatePlaylistInput) =>
  apiRequest<FeaturedPlaylist>(`admin/featured-playlists/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: changes,
    schema: FeaturedPlaylistSchema,
  });

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: updatePlaylist,
    onSuccess: (updated) => {
      queryClient.setQueryData<FeaturedPlaylist[]>(queryKeys.adminFeaturedPlaylists(userId), (list) =>
        list?.map((playlist) => (playlist.id === updated.id ? updated : playlist)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.featuredPlaylists });
    },
  });
}
