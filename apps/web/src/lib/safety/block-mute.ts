import { BlockStateSchema, MuteStateSchema } from '@liner/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { useUserId } from '../session.tsx';

/** What a block or mute changes for the viewer: the profile, follows, the feed, the bell, posts and threads. */
function refreshAround(queryClient: QueryClient, viewerId: string | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
    queryClient.invalidateQueries({ queryKey: queryKeys.posts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.mine(viewerId) }),
  ]);
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
