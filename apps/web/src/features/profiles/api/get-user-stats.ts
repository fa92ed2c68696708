import { ProfileStatsSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A person's rating stats: GET /api/users/{id}/stats (public). */
export const userStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.userStats(userId),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId)}/stats`, { schema: ProfileStatsSchema }),
  });

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
