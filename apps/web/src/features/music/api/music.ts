import { TopAlbumsResultSchema, TopSongsResultSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useTopAlbums() {
  return useQuery({
    queryKey: [...queryKeys.topMusic, 'albums'],
    queryFn: ({ signal }) => apiRequest('music/top-albums', { schema: TopAlbumsResultSchema, signal }),
  });
}

export function useTopSongs() {
  return useQuery({
    queryKey: [...queryKeys.topMusic, 'songs'],
    queryFn: ({ signal }) => apiRequest('music/top-songs', { schema: TopSongsResultSchema, signal }),
  });
}
