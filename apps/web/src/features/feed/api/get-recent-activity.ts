import { type FeedPage, FeedPageSchema } from '@liner/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/activity/recent: everyone's activity, newest first, a page at a time (public). */
export const getRecentActivity = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest<FeedPage>(`activity/recent${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: FeedPageSchema,
    signal,
  });

export const recentActivityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.recentActivity,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getRecentActivity(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });

export function useRecentActivity() {
  return useInfiniteQuery(recentActivityQueryOptions());
}
