import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Marks read what the page showed: everything up to its newest notification, so one that arrives
 * while the page is open stays unread until it is seen.
 */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => apiRequest('notifications/read', { method: 'POST', body: { upTo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.unreadNotifications(userId) }),
  });
}
