import { type MyAlbumRatings, type SetTrackRatingResult, SetTrackRatingResultSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';
import { myAlbumRatingsQueryOptions } from './get-my-album-ratings.ts';

/**
 * One song's rating: shown at once (the cache changes synchronously, so fast key presses stay in
 * order), saved one request after another per album so the last change is the one kept, and
 * rolled back if the server refuses.
 */
interface RateVariables {
  trackId: string;
  rating: number | null;
  previous: number | null;
}

export function useRateTrack(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  const key = queryKeys.myAlbumRatings(userId, albumId);
  const mutation = useMutation({
    scope: { id: `rate-${albumId}` },
    mutationFn: async ({ trackId, rating }: RateVariables) => {
      // A queued change that a newer one has replaced is skipped: only the latest value is sent.
      const latest = queryClient.getQueryData<MyAlbumRatings>(key)?.ratings[trackId] ?? null;
      if (latest !== rating) return null;
      return apiRequest<SetTrackRatingResult>(
        `albums/${encodeURIComponent(albumId)}/tracks/${encodeURIComponent(trackId)}/rating`,
        {
          method: 'PUT',
          body: { rating },
          schema: SetTrackRatingResultSchema,
        },
      );
    },
    onError: (_error, { trackId, rating, previous }) => {
      queryClient.setQueryData<MyAlbumRatings>(key, (current) => {
        // Undo only if nothing newer replaced the failed value meanwhile.
        if (!current || (current.ratings[trackId] ?? null) !== rating) return current;
        return { ...current, ratings: withRating(current.ratings, trackId, previous) };
      });
    },
    onSuccess: (result) => {
      if (!result) return;
      queryClient.setQueryData<MyAlbumRatings>(key, (current) =>
        current
          ? {
              ...current,
              albumRating: result.albumRating,
              albumRatingChosen: result.albumRatingChosen,
              songsRating: result.songsRating,
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.albumCommunity(albumId) });
      // A first rating shows a spoiler-free member the scores and friends' ratings kept from them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.friendRatings(userId, albumId) });
      // Charts, Top Albums/Songs and Discover (all under topMusic) and the artist's page rank by it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.topMusic });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists });
      // The collection and review cards show the same album rating (ADR 21).
      void queryClient.invalidateQueries({ queryKey: queryKeys.collection(userId) });
      // The rater's profile stats count it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats(userId) });
    },
  });
  const rate = (trackId: string, rating: number | null) => {
    const current = queryClient.getQueryData<MyAlbumRatings>(key);
    if (!current) {
      // Given before the listener's ratings have loaded (it used to be dropped): applied, in the
      // order given, once they have, so a read under way cannot undo it.
      void queryClient
        .ensureQueryData(myAlbumRatingsQueryOptions(userId, albumId))
        .then(() => queryClient.getQueryData<MyAlbumRatings>(key) && rate(trackId, rating))
        .catch(() => {});
      return;
    }
    const previous = current.ratings[trackId] ?? null;
    queryClient.setQueryData<MyAlbumRatings>(key, {
      ...current,
      ratings: withRating(current.ratings, trackId, rating),
    });
    mutation.mutate({ trackId, rating, previous });
  };
  // isPaused: offline, the change waits in the queue and is sent when the connection returns.
  return { rate, isError: mutation.isError, error: mutation.error, isPaused: mutation.isPaused };
}

function withRating(ratings: Record<string, number>, trackId: string, rating: number | null): Record<string, number> {
  const next = { ...ratings };
  if (rating === null) delete next[trackId];
  else next[trackId] = rating;
  return next;
}
