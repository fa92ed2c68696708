import { type MyAlbumRatings, MyAlbumRatingsSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** The signed-in user's song ratings for one album: GET /api/albums/{id}/my-ratings. */
export const getMyAlbumRatings = (albumId: string) =>
  apiRequest<MyAlbumRatings>(`albums/${encodeURIComponent(albumId)}/my-ratings`, { schema: MyAlbumRatingsSchema });

export const myAlbumRatingsQueryOptions = (userId: string, albumId: string) =>
  queryOptions({ queryKey: queryKeys.myAlbumRatings(userId, albumId), queryFn: () => getMyAlbumRatings(albumId) });

export function useMyAlbumRatings(albumId: string, enabled: boolean) {
  const userId = useUserId();
  return useQuery({ ...myAlbumRatingsQueryOptions(userId ?? '', albumId), enabled: enabled && userId !== null });
}
