import { PEOPLE_PAGE_SIZE, type PeoplePage, PeoplePageSchema } from '@liner/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PeopleList = 'followers' | 'following';

/** GET /api/users/:userId/followers or /following: newest first, a page at a time. */
export const getPeople = (userId: string, which: PeopleList, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(PEOPLE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<PeoplePage>(`users/${encodeURIComponent(userId)}/${which}?${params}`, {
    schema: PeoplePageSchema,
    signal,
  });
};

export const peopleQueryOptions = (userId: string, which: PeopleList) =>
  infiniteQueryOptions({
    queryKey: queryKeys.people(userId, which),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getPeople(userId, which, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePeople(userId: string, which: PeopleList) {
  return useInfiniteQuery(peopleQueryOptions(userId, which));
}
