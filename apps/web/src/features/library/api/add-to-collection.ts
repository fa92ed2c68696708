import { type Audience, type CollectionEntry, CollectionEntrySchema, type LogListenBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/**
 * Keeps a rated album, with an optional review (and who can see it) and listen: POST
 * /api/users/me/collection. The audience goes only with a review: without one there is nothing to see.
 */
export function useAddToCollection(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: ({
      review,
      reviewVisibility,
      listen,
    }: {
      review: string;
      reviewVisibility?: Audience;
      listen?: LogListenBody;
    }) =>
      apiRequest<CollectionEntry>('users/me/collection', {
        method: 'POST',
        body: {
          albumId,
          ...(review.trim() ? { review: review.trim(), ...(reviewVisibility ? { reviewVisibility } : {}) } : {}),
          ...(listen ? { listen } : {}),
        },
        schema: CollectionEntrySchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAlbumRatings(userId, albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.collection(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userCollection(userId) });
      // The server takes a collected album off Rate Later in the same step.
      void queryClient.invalidateQueries({ queryKey: queryKeys.rateLater(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userRateLater(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.albumCommunity(albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      // A listen logged with it shows in 'Your listens' and the diary.
      void queryClient.invalidateQueries({ queryKey: queryKeys.myListens(userId, albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.diary(userId) });
    },
  });
}
