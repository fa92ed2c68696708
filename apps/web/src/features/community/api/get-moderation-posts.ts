import { type PostPage, PostPageSchema, type PostType } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export type ModerationFilter = 'all' | PostType;

/** Everyone's newest notes and reviews, a page at a time (admins only). */
export function getModerationPosts(type: ModerationFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (type !== 'all') params.set('type', type);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<PostPage>(`admin/posts?${params}`, { schema: PostPageSchema, signal });
}

export function useModerationPosts(type: ModerationFilter) {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.adminPosts(userId ?? '', type),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getModerationPosts(type, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
  });
}
