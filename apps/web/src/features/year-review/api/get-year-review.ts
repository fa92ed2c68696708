import { YearReviewSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A person's year in music: GET /api/users/{id}/year/{year} (what the viewer may read of it). */
export const yearReviewQueryOptions = (userId: string, year: number) =>
  queryOptions({
    queryKey: queryKeys.yearReview(userId, year),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId)}/year/${year}`, { schema: YearReviewSchema }),
  });

export function useYearReview(userId: string, year: number) {
  return useQuery(yearReviewQueryOptions(userId, year));
}
