import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { changePasswordErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password (Better Auth). */
async function changePassword(input: ChangePasswordInput): Promise<void> {
  const { error } = await authClient.changePassword(input);
  if (error) throw new AuthRequestError(error);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: withUserMessage(changePassword, (error) => changePasswordErrorMessage(authFailureOf(error))),
  });
}
