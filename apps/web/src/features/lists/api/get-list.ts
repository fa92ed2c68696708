import { type List, ListSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useList(listId: string) {
  return useQuery({
    queryKey: queryKeys.list(listId),
    queryFn: ({ signal }) => apiRequest<List>(`lists/${encodeURIComponent(listId)}`, { schema: ListSchema, signal }),
  });
}
