import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Withdraws an invitation nobody has used (409 once someone has). */
export const withdrawInvite = (code: string) =>
  apiRequest<void>(`admin/invites/${encodeURIComponent(code)}`, { method: 'DELETE' });

export function useWithdrawInvite() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(withdrawInvite, (error) =>
      userMessage(error, t`Failed to withdraw the invitation. Please try again.`),
    ),
    // Refetched on failure too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRegistration(userId) }),
  });
}
