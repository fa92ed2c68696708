import { type AuditLogPage, AuditLogPageSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Every admin action, newest first (admins only). */
export function getAuditLog(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  return apiRequest<AuditLogPage>(`admin/audit-log?${params}`, { schema: AuditLogPageSchema, signal });
}

export function useAuditLog() {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.adminAuditLog(userId ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
  });
}
