import { type Listen, ListenSchema, type LogListenBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Logs a listen of an album (the diary): POST /api/albums/{id}/listens. */
export function useLogListen(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (body: LogListenBody) =>
      apiRequest<Listen>(`albums/${encodeURIComponent(albumId)}/listens`, {
        method: 'POST',
        body,
        schema: ListenSchema,
      }),
    onSuccess: () => invalidateListens(queryClient, userId, albumId),
  });
}

/** What a new, changed or deleted listen shows on: the album's 'Your listens' and the diary. */
export function invalidateListens(
  queryClient: ReturnType<typeof useQueryClient>,
  userId: string,
  albumId: string,
): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.myListens(userId, albumId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.diary(userId) });
}
