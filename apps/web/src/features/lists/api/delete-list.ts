import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useDeleteList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`lists/${encodeURIComponent(listId)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.list(listId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.lists });
    },
  });
}
