import { type FriendRatings, FriendRatingsSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** People the signed-in listener follows who rated the album: GET /api/albums/{id}/friends. */
export const getFriendRatings = (albumId: string, signal?: AbortSignal) =>
  apiRequest<FriendRatings>(`albums/${encodeURIComponent(albumId)}/friends`, { schema: FriendRatingsSchema, signal });

export const friendRatingsQueryOptions = (userId: string, albumId: string) =>
  queryOptions({
    queryKey: queryKeys.friendRatings(userId, albumId),
    queryFn: ({ signal }) => getFriendRatings(albumId, signal),
  });

/** Asked only when signed in (a visitor has no friends to ask about, and would get a 401). */
export function useFriendRatings(albumId: string, enabled: boolean) {
  const userId = useUserId();
  return useQuery({ ...friendRatingsQueryOptions(userId ?? '', albumId), enabled: enabled && userId !== null });
}
