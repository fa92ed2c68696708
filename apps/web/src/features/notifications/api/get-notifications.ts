import { type NotificationPage, NotificationPageSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Your notifications, newest first, page by page (signed-in pages only). */
export function useNotifications(userId: string) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.notifications(userId), 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<NotificationPage>(`notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: NotificationPageSchema,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
