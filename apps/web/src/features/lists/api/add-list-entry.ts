import { type AddListEntryBody, type List, ListSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/lists/:listId/entries for any of the user's lists (the album page's "Add to list"). */
export function useAddListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, body }: { listId: string; body: AddListEntryBody }) =>
      apiRequest<List>(`lists/${encodeURIComponent(listId)}/entries`, { method: 'POST', body, schema: ListSchema }),
    onSuccess: async (list) => {
      queryClient.setQueryData(queryKeys.list(list.id), list);
      await queryClient.invalidateQueries({ queryKey: queryKeys.lists, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}
