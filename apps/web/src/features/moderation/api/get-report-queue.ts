import { type ReportQueue, ReportQueueSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Open reports, one entry per item, the longest waiting first (admins only). */
export function getReportQueue(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  return apiRequest<ReportQueue>(`admin/reports?${params}`, { schema: ReportQueueSchema, signal });
}

export function useReportQueue() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.adminReports(userId ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getReportQueue(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
  });
}
