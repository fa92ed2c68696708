import { type FavouriteAlbums, FavouriteAlbumsSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Replaces the signed-in user's shelf: PUT /api/users/me/favourites; the answer is the new shelf. */
export function useSetFavouriteAlbums() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (albumIds: string[]) =>
      apiRequest<FavouriteAlbums>('users/me/favourites', {
        method: 'PUT',
        body: { albumIds },
        schema: FavouriteAlbumsSchema,
      }),
    onSuccess: (shelf) => {
      queryClient.setQueryData(queryKeys.favouriteAlbums(userId), shelf);
    },
  });
}
