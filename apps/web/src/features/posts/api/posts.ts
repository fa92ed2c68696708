import { type Post, type PostPage, PostPageSchema, PostSchema, type PostType } from '@liner/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
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

export function useCreateNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; content: string }) =>
      apiRequest<Post>('posts', { method: 'POST', body, schema: PostSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userPostsAll(userId) }),
  });
}

export function useDeletePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest(`posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userPostsAll(userId) }),
  });
}
