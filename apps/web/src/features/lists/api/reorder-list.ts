import { type List, ListSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT the whole new order; shown at once and rolled back if the server refuses it (STYLE.md habit 6). */
export function useReorderList(listId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.list(listId);
  return useMutation({
    // One list's reorders run one after another, so the last move made is the order kept.
    scope: { id: `list-order-${listId}` },
    mutationKey: ['list-order', listId],
    mutationFn: (itemIds: string[]) =>
      apiRequest<List>(`lists/${encodeURIComponent(listId)}/order`, {
        method: 'PUT',
        body: { itemIds },
        schema: ListSchema,
      }),
    onMutate: async (itemIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<List>(key);
      if (previous) {
        const byId = new Map(previous.entries.map((entry) => [entry.itemId, entry]));
        const entries = itemIds.flatMap((id, i) => {
          const entry = byId.get(id);
          return entry ? [{ ...entry, position: i + 1 }] : [];
        });
        queryClient.setQueryData<List>(key, { ...previous, entries });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // A later move still waiting keeps its optimistic order on screen until its own answer.
    onSuccess: (list) => {
      if (queryClient.isMutating({ mutationKey: ['list-order', listId] }) <= 1) queryClient.setQueryData(key, list);
    },
  });
}
