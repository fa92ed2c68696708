import { type AlbumRatingState, AlbumRatingStateSchema, type MyAlbumRatings } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/**
 * Chooses the album rating in half stars, or with null goes back to the songs' mean (ADR 21):
 * PUT /api/albums/{id}/my-rating. The page shows the server's answer, which the collection and
 * review cards also read, so they are refreshed too, as are the scores and charts it moves.
 */
export function useChooseAlbumRating(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (rating: number | null) =>
      apiRequest<AlbumRatingState>(`albums/${encodeURIComponent(albumId)}/my-rating`, {
        method: 'PUT',
        body: { rating },
        schema: AlbumRatingStateSchema,
      }),
    onSuccess: (state) => {
      queryClient.setQueryData<MyAlbumRatings>(queryKeys.myAlbumRatings(userId, albumId), (current) =>
        current ? { ...current, ...state } : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.collection(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userCollections });
      void queryClient.invalidateQueries({ queryKey: queryKeys.albumCommunity(albumId) });
      // A first rating shows a spoiler-free member the scores and friends' ratings kept from them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.friendRatings(userId, albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats(userId) });
      // The album's listeners moved: its score on cards, the charts, Top Albums and Discover
      // (all under topMusic), and its artist's page.
      void queryClient.invalidateQueries({ queryKey: queryKeys.topMusic });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists });
    },
  });
}
