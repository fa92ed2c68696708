import { RateLaterListSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Someone's rate-later list: GET /api/users/{id}/ratelater. */
export const getUserRateLater = (userId: string) =>
  apiRequest(`users/${encodeURIComponent(userId)}/ratelater`, { schema: RateLaterListSchema });

export const userRateLaterQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.userRateLater(userId), queryFn: () => getUserRateLater(userId) });

export function useUserRateLater(userId: string) {
  return useQuery(userRateLaterQueryOptions(userId));
}
