import { type FollowState, FollowStateSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/**
 * Follow or unfollow, shown at once and rolled back if the server says no. To a private profile a
 * follow is a request (no count moves until it is approved), and undoing it withdraws the request.
 */
export function useToggleFollow(userId: string, locked = false) {
  const queryClient = useQueryClient();
  const viewerId = useUserId();
  const key = queryKeys.followState(viewerId, userId);
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiRequest<FollowState>(`users/${encodeURIComponent(userId)}/follow`, {
        method: follow ? 'POST' : 'DELETE',
        body: follow ? {} : undefined,
        schema: FollowStateSchema,
      }),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FollowState>(key);
      if (previous && follow && locked) {
        queryClient.setQueryData<FollowState>(key, { ...previous, requested: true });
      } else if (previous && !follow && previous.requested) {
        queryClient.setQueryData<FollowState>(key, { ...previous, requested: false });
      } else if (previous) {
        queryClient.setQueryData<FollowState>(key, {
          ...previous,
          following: follow,
          followerCount: Math.max(0, previous.followerCount + (follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (state) => queryClient.setQueryData(key, state),
    onSettled: async () => {
      // Both profiles' counts moved: theirs, and the viewer's own following count.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
        viewerId ? queryClient.invalidateQueries({ queryKey: queryKeys.myProfile(viewerId) }) : undefined,
      ]);
    },
  });
}
