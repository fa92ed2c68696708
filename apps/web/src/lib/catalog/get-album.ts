import { type AlbumDetail, AlbumDetailSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// Shared by the album page and the sorter (two features), so it lives below both (STYLE.md habit 1).

/** One album with its tracks: GET /api/music/albums/{id}. */
export const getAlbum = (albumId: string, signal?: AbortSignal) =>
  apiRequest<AlbumDetail>(`music/albums/${encodeURIComponent(albumId)}`, { schema: AlbumDetailSchema, signal });

export const albumQueryOptions = (albumId: string) =>
  queryOptions({
    queryKey: queryKeys.album(albumId),
    queryFn: ({ signal }) => getAlbum(albumId, signal),
  });

type AlbumQueryOverrides = { enabled?: boolean; retry?: boolean; staleTime?: number };

export function useAlbum(albumId: string, overrides: AlbumQueryOverrides = {}) {
  return useQuery({ ...albumQueryOptions(albumId), ...overrides });
}
