import { type PostPage, PostPageSchema, type PostType } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PostFilter = 'all' | PostType;

export function useUserPosts(userId: string, filter: PostFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.userPosts(userId, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (filter !== 'all') params.set('type', filter);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<PostPage>(`users/${encodeURIComponent(userId)}/posts?${params}`, { schema: PostPageSchema });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
