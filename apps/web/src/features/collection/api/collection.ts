import { type CollectionEntry, CollectionEntrySchema, CollectionSchema, RateLaterListSchema } from '@liner/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export function useMyCollection() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.collection(userId ?? ''),
    queryFn: () => apiRequest('users/me/collection', { schema: CollectionSchema }),
    enabled: userId !== null,
    retry: false,
  });
}

export function useUserCollection(userId: string) {
  return useQuery({
    queryKey: queryKeys.userCollection(userId),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId)}/collection`, { schema: CollectionSchema }),
  });
}

export function useUserRateLater(userId: string) {
  return useQuery({
    queryKey: queryKeys.userRateLater(userId),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId)}/ratelater`, { schema: RateLaterListSchema }),
  });
}

/** Changes apply to the list at once; a failure restores the previous list (spec §4, DESIGN.md 5). */
function useOptimisticCollection<T>(
  mutationFn: (vars: T) => Promise<unknown>,
  apply: (list: CollectionEntry[], vars: T) => CollectionEntry[],
) {
  const queryClient = useQueryClient();
  const key = queryKeys.collection(useUserId() ?? '');
  return useMutation({
    mutationFn,
    onMutate: async (vars: T) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CollectionEntry[]>(key);
      if (previous) queryClient.setQueryData(key, apply(previous, vars));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userCollections });
    },
  });
}

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

export function useRemoveFromCollection() {
  return useOptimisticCollection(
    (albumId: string) => apiRequest(`users/me/collection/${encodeURIComponent(albumId)}`, { method: 'DELETE' }),
    (list, albumId) => list.filter((entry) => entry.id !== albumId),
  );
}
