import { type AlbumCommunity, AlbumCommunitySchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Community averages and latest reviews: GET /api/albums/{id}/community. */
export const getAlbumCommunity = (albumId: string) =>
  apiRequest<AlbumCommunity>(`albums/${encodeURIComponent(albumId)}/community`, { schema: AlbumCommunitySchema });

export const albumCommunityQueryOptions = (albumId: string) =>
  queryOptions({ queryKey: queryKeys.albumCommunity(albumId), queryFn: () => getAlbumCommunity(albumId) });

export function useAlbumCommunity(albumId: string) {
  return useQuery(albumCommunityQueryOptions(albumId));
}
