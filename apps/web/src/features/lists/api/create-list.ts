import { type CreateListBody, type List, ListSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListBody) => apiRequest<List>('lists', { method: 'POST', body, schema: ListSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}
