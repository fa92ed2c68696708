import { CollectionSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** The signed-in user's collection: GET /api/users/me/collection. */
export const getMyCollection = () => apiRequest('users/me/collection', { schema: CollectionSchema });

export const myCollectionQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.collection(userId), queryFn: getMyCollection, retry: false });

export function useMyCollection() {
  const userId = useUserId();
  return useQuery({ ...myCollectionQueryOptions(userId ?? ''), enabled: userId !== null });
}
