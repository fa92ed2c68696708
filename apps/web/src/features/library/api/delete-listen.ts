import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserId } from '../../../lib/session.tsx';
import { invalidateListens } from './log-listen.ts';

/** Deletes one of your listens: DELETE /api/listens/{id}. */
export function useDeleteListen(albumId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (listenId: string) => apiRequest(`listens/${encodeURIComponent(listenId)}`, { method: 'DELETE' }),
    onSettled: () => invalidateListens(queryClient, userId, albumId),
  });
}
