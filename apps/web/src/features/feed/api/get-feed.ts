import { type FeedPage, FeedPageSchema } from '@liner/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/feed: what the people the signed-in user follows did, newest first, a page at a time. */
export const getFeed = (cursor: string | null, signal?: AbortSignal) =>
  apiRequest<FeedPage>(`feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    schema: FeedPageSchema,
    signal,
  });

export const feedQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    // Read afresh on each visit: a follow made elsewhere changes whose entries belong here.
    staleTime: 0,
  });

export function useFeed(userId: string) {
  return useInfiniteQuery(feedQueryOptions(userId));
}
