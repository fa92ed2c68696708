import type { MyAlbumRatings, RateLaterEntry } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/**
 * Takes an album off your Rate Later list: DELETE /api/users/me/ratelater/{id}. The Want to Listen
 * list drops it at once and gets it back if the server refuses.
 */
export function useRemoveFromRateLater() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  const listKey = queryKeys.userRateLater(userId);
  return useMutation({
    mutationFn: (albumId: string) =>
      apiRequest(`users/me/ratelater/${encodeURIComponent(albumId)}`, { method: 'DELETE' }),
    onMutate: async (albumId: string) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<RateLaterEntry[]>(listKey);
      if (previous)
        queryClient.setQueryData(
          listKey,
          previous.filter((entry) => entry.id !== albumId),
        );
      return { previous };
    },
    onError: (_error, _albumId, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSuccess: (_result, albumId) => {
      queryClient.setQueryData<MyAlbumRatings>(queryKeys.myAlbumRatings(userId, albumId), (current) =>
        current ? { ...current, inRateLater: false } : current,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.rateLater(userId) });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
