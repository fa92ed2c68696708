import { CollectionEntrySchema } from '@liner/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useOptimisticCollection } from './optimistic-collection.ts';

/** PUT /api/users/me/collection/{id}/rating, shown at once and rolled back on failure. */
export function useSetCollectionRating() {
  return useOptimisticCollection(
    ({ albumId, stars }: { albumId: string; stars: number }) =>
      apiRequest(`users/me/collection/${encodeURIComponent(albumId)}/rating`, {
        method: 'PUT',
        body: { rating: stars },
        schema: CollectionEntrySchema,
      }),
    (list, { albumId, stars }) => list.map((entry) => (entry.id === albumId ? { ...entry, rating: stars } : entry)),
  );
}
