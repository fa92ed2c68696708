import { type AddListEntryBody, type List, ListSchema, type UpdateListBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The owner's changes to one list: each answers the whole list, which replaces the cached one. */
export type ListChange =
  | { type: 'update'; body: UpdateListBody }
  | { type: 'add'; body: AddListEntryBody }
  | { type: 'remove'; itemId: string }
  | { type: 'note'; itemId: string; note: string };

function request(listId: string, change: ListChange): Promise<List> {
  const base = `lists/${encodeURIComponent(listId)}`;
  const entry = (itemId: string) => `${base}/entries/${encodeURIComponent(itemId)}`;
  switch (change.type) {
    case 'update':
      return apiRequest<List>(base, { method: 'PATCH', body: change.body, schema: ListSchema });
    case 'add':
      return apiRequest<List>(`${base}/entries`, { method: 'POST', body: change.body, schema: ListSchema });
    case 'remove':
      return apiRequest<List>(entry(change.itemId), { method: 'DELETE', schema: ListSchema });
    case 'note':
      return apiRequest<List>(`${entry(change.itemId)}/note`, {
        method: 'PUT',
        body: { note: change.note },
        schema: ListSchema,
      });
  }
}

export function useChangeList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ListChange) => request(listId, change),
    onSuccess: async (list) => {
      queryClient.setQueryData(queryKeys.list(listId), list);
      await queryClient.invalidateQueries({ queryKey: queryKeys.lists, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}
