import { type DiaryPage, DiaryPageSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Someone's listening diary, newest first, page by page: GET /api/users/{id}/diary. */
export function useDiary(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.diary(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<DiaryPage>(`users/${encodeURIComponent(userId)}/diary?${params}`, {
        schema: DiaryPageSchema,
      });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
