import { type Listen, ListenSchema, type UpdateListenBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserId } from '../../../lib/session.tsx';
import { invalidateListens } from './log-listen.ts';

/** Changes one of your listens' day or relisten flag: PATCH /api/listens/{id}. */
export function useUpdateListen(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: ({ listenId, changes }: { listenId: string; changes: UpdateListenBody }) =>
      apiRequest<Listen>(`listens/${encodeURIComponent(listenId)}`, {
        method: 'PATCH',
        body: changes,
        schema: ListenSchema,
      }),
    onSuccess: () => invalidateListens(queryClient, userId, albumId),
  });
}
