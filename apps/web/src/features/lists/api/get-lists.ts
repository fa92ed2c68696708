import { type ListPage, ListPageSchema } from '@liner/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Pages of lists from one of the three listings, newest (or most liked) first. */
function useListPages(queryKey: readonly unknown[], path: string, enabled = true) {
  return useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}` : '';
      return apiRequest<ListPage>(`${path}${cursor}`, { schema: ListPageSchema, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * GET /api/users/:userId/lists: the owner also gets their unlisted and only-me lists, a follower
 * followers-only ones.
 */
export function useUserLists(viewerId: string | null, userId: string | null) {
  return useListPages(
    queryKeys.userLists(viewerId, userId ?? ''),
    `users/${encodeURIComponent(userId ?? '')}/lists`,
    Boolean(userId),
  );
}

/** GET /api/lists?sort=…: public lists only. */
export function usePublicLists(sort: 'recent' | 'popular') {
  return useListPages(queryKeys.publicLists(sort), `lists?sort=${sort}`);
}

/** GET /api/albums/:albumId/lists: public lists with the album or its songs. */
export function useAlbumLists(albumId: string) {
  return useListPages(queryKeys.albumLists(albumId), `albums/${encodeURIComponent(albumId)}/lists`);
}
