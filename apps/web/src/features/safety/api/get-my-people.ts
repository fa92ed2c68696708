import { PEOPLE_PAGE_SIZE, type PeoplePage, PeoplePageSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** The member's own lists of people: whom they blocked, muted, and who asks to follow them. */
export type MyPeople = 'blocks' | 'mutes' | 'follow-requests';

const KEYS = { blocks: queryKeys.blocks, mutes: queryKeys.mutes, 'follow-requests': queryKeys.followRequests };

/** GET /api/users/me/blocks, /mutes or /follow-requests, a page at a time. */
export function useMyPeople(which: MyPeople) {
  const userId = useUserId();
  return useInfiniteQuery({
    queryKey: KEYS[which](userId ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PEOPLE_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<PeoplePage>(`users/me/${which}?${params}`, { schema: PeoplePageSchema, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    enabled: userId !== null,
  });
}
