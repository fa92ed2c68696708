import { CollectionEntrySchema } from '@liner/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';
import { useOptimisticCollection } from './optimistic-collection.ts';

/**
 * PUT /api/users/me/collection/{id}/rating, shown at once and rolled back on failure. It is the
 * chosen album rating (ADR 21), so the album's community score, the charts, Top Albums, Discover
 * (all under topMusic) and the artist pages are asked again.
 */
export function useSetCollectionRating() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useOptimisticCollection(
    ({ albumId, stars }: { albumId: string; stars: number }) =>
      apiRequest(`users/me/collection/${encodeURIComponent(albumId)}/rating`, {
        method: 'PUT',
        body: { rating: stars },
        schema: CollectionEntrySchema,
      }),
    (list, { albumId, stars }) => list.map((entry) => (entry.id === albumId ? { ...entry, rating: stars } : entry)),
    ({ albumId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.albumCommunity(albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.topMusic });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats(userId) });
    },
  );
}
