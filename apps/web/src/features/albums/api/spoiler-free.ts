import { type SpoilerFreeSetting, SpoilerFreeSettingSchema } from '@liner/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** GET /api/users/me/spoiler-free: whether others' scores stay hidden until the member rates. */
export function useSpoilerFree() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.spoilerFree(userId ?? ''),
    queryFn: () => apiRequest('users/me/spoiler-free', { schema: SpoilerFreeSettingSchema }),
    enabled: userId !== null,
  });
}

/**
 * PUT /api/users/me/spoiler-free. Every answer with scores in it changes for this member, so
 * everything read so far is read again.
 */
export function useSaveSpoilerFree() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (setting: SpoilerFreeSetting) =>
      apiRequest('users/me/spoiler-free', { method: 'PUT', body: setting, schema: SpoilerFreeSettingSchema }),
    onSuccess: (setting) => {
      if (userId) queryClient.setQueryData(queryKeys.spoilerFree(userId), setting);
      void queryClient.invalidateQueries({
        predicate: (query) => !userId || query.queryKey.join('/') !== queryKeys.spoilerFree(userId).join('/'),
      });
    },
  });
}

/** "Show anyway" (PUT) or hide again (DELETE) one album's scores: /api/users/me/score-reveals/{id}. */
export function useRevealScores(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (show: boolean) =>
      apiRequest<undefined>(`users/me/score-reveals/${encodeURIComponent(albumId)}`, {
        method: show ? 'PUT' : 'DELETE',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.albumCommunity(albumId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.friendRatings(userId, albumId) }),
      ]),
  });
}
