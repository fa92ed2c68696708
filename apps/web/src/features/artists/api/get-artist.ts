import { type ArtistDetail, ArtistDetailSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** An artist's discography and top songs: GET /api/artists/{id}. */
export const getArtist = (artistId: string, signal?: AbortSignal) =>
  apiRequest<ArtistDetail>(`artists/${encodeURIComponent(artistId)}`, { schema: ArtistDetailSchema, signal });

export const artistQueryOptions = (artistId: string) =>
  queryOptions({ queryKey: queryKeys.artist(artistId), queryFn: ({ signal }) => getArtist(artistId, signal) });

export function useArtist(artistId: string) {
  return useQuery(artistQueryOptions(artistId));
}
