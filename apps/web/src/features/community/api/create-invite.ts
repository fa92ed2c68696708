import { type Invite, InviteSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** A single-use invitation link, valid for `expiresInDays` whole days (1 to 30). */
export const createInvite = (expiresInDays: number) =>
  apiRequest<Invite>('admin/invites', { method: 'POST', body: { expiresInDays }, schema: InviteSchema });

export function useCreateInvite() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(createInvite, (error) =>
      userMessage(error, t`Failed to create an invitation. Please try again.`),
    ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminRegistration(userId) }),
  });
}
