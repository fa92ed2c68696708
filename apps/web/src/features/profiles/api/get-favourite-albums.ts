import { FavouriteAlbumsSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A person's favourite albums shelf, in order: GET /api/users/{id}/favourites (public). */
export const favouriteAlbumsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.favouriteAlbums(userId),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId)}/favourites`, { schema: FavouriteAlbumsSchema }),
  });

export function useFavouriteAlbums(userId: string) {
  return useQuery(favouriteAlbumsQueryOptions(userId));
}
