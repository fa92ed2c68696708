import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';

export interface DeleteAccountInput {
  /** The current password, or empty for an account without one. */
  password: string;
  /** "DELETE", typed by accounts without a password. */
  confirm: string;
}

/** DELETE /api/users/me: the account and everything it made, for good. */
const deleteAccount = (input: DeleteAccountInput) => apiRequest('users/me', { method: 'DELETE', body: input });

export function useDeleteAccount() {
  return useMutation({
    mutationFn: withUserMessage(deleteAccount, (error) =>
      userMessage(error, t`Failed to delete the account. Please try again.`),
    ),
  });
}
