import { BlockStateSchema, MuteStateSchema } from '@liner/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { useUserId } from '../session.tsx';

/**
 * What a block or mute changes for the viewer: profiles, their follows, feed and bell (under
 * `mine`), and whose posts, lists, album reviews, recent activity and comments they are shown.
 */
function refreshAround(queryClient: QueryClient, viewerId: string | null) {
  return Promise.all(
    [
      queryKeys.profiles,
      queryKeys.posts,
      queryKeys.lists,
      queryKeys.albums,
      queryKeys.recentActivity,
      queryKeys.allComments,
      queryKeys.mine(viewerId),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Block (true) or unblock (false) someone; the profile, Settings' list and the feed follow. */
export function useBlock(userId: string) {
  const queryClient = useQueryClient();
  const viewerId = useUserId();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest(`users/${encodeURIComponent(userId)}/block`, {
        method: block ? 'PUT' : 'DELETE',
        schema: BlockStateSchema,
      }),
    onSettled: () => refreshAround(queryClient, viewerId),
  });
}

/** Mute (true) or unmute (false) someone: they leave the feed, bell and threads, unaware. */
export function useMute(userId: string) {
  const queryClient = useQueryClient();
  const viewerId = useUserId();
  return useMutation({
    mutationFn: (mute: boolean) =>
      apiRequest(`users/${encodeURIComponent(userId)}/mute`, {
        method: mute ? 'PUT' : 'DELETE',
        schema: MuteStateSchema,
      }),
    onSettled: () => refreshAround(queryClient, viewerId),
  });
}
