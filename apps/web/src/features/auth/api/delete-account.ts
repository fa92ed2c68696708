import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface DeleteAccountInput {
  /** The current password, or empty for an account without one. */
  password: string;
  /** "DELETE", typed by accounts without a password. */
  confirm: string;
}

/** DELETE /api/users/me: the account and everything it made, for good. */
export const deleteAccount = (input: DeleteAccountInput) => apiRequest('users/me', { method: 'DELETE', body: input });

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
