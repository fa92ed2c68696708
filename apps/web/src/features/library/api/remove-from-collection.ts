import { apiRequest } from '../../../lib/api-client.ts';
import { useOptimisticCollection } from './optimistic-collection.ts';

/** DELETE /api/users/me/collection/{id}, shown at once and rolled back on failure. */
export function useRemoveFromCollection() {
  return useOptimisticCollection(
    (albumId: string) => apiRequest(`users/me/collection/${encodeURIComponent(albumId)}`, { method: 'DELETE' }),
    (list, albumId) => list.filter((entry) => entry.id !== albumId),
  );
}
