import { type AlbumDetail, AlbumDetailSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The album whose tracks are sorted: GET /api/music/albums/{id}. */
export const getAlbum = (albumId: string, signal?: AbortSignal) =>
  apiRequest<AlbumDetail>(`music/albums/${encodeURIComponent(albumId)}`, { schema: AlbumDetailSchema, signal });

export function useSorterAlbum(albumId: string | null) {
  return useQuery({
    queryKey: queryKeys.sorterAlbum(albumId ?? ''),
    queryFn: ({ signal }) => getAlbum(albumId as string, signal),
    enabled: Boolean(albumId),
    staleTime: 5 * 60_000,
  });
}
