import { CollectionSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Someone's public collection: GET /api/users/{id}/collection. */
export const getUserCollection = (userId: string) =>
  apiRequest(`users/${encodeURIComponent(userId)}/collection`, { schema: CollectionSchema });

export const userCollectionQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.userCollection(userId), queryFn: () => getUserCollection(userId) });

export function useUserCollection(userId: string) {
  return useQuery(userCollectionQueryOptions(userId));
}
