import { type LikedPage, LikedPageSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What someone liked, newest first: GET /api/users/{id}/likes, page by page. */
export function useLiked(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.likedBy(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<LikedPage>(
        `users/${encodeURIComponent(userId)}/likes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: LikedPageSchema },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
