import { type MyAlbumRatings, type RateLaterEntry, RateLaterEntrySchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Saves an album to rate later: POST /api/users/me/ratelater. */
export function useAddToRateLater(album: { id: string; name: string; artistName: string; imageUrl: string }) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: () =>
      apiRequest<RateLaterEntry>('users/me/ratelater', {
        method: 'POST',
        body: { albumId: album.id, name: album.name, artistName: album.artistName, imageUrl: album.imageUrl },
        schema: RateLaterEntrySchema,
      }),
    onSuccess: () => {
      queryClient.setQueryData<MyAlbumRatings>(queryKeys.myAlbumRatings(userId, album.id), (current) =>
        current ? { ...current, inRateLater: true } : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.rateLater(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userRateLater(userId) });
    },
  });
}
