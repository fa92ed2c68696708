import { type MemberPage, MemberPageSchema, type MemberStatus } from '@liner/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export interface MembersFilter {
  /** Part of a display name or e-mail address; blank for everyone. */
  q: string;
  status: MemberStatus;
}

/** One page of accounts, newest first, with the sign-up totals (admins only). */
export function getMembers({ q, status }: MembersFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status !== 'all') params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<MemberPage>(`admin/members?${params}`, { schema: MemberPageSchema, signal });
}

export function useMembers(filter: MembersFilter) {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: queryKeys.adminMembers(userId ?? '', filter.q, filter.status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getMembers(filter, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
    // A new search keeps the old list on screen until its answer comes, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}
