import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { setNewPasswordErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** POST /api/auth/reset-password (Better Auth), with the token from the e-mailed link. */
async function resetPassword(input: ResetPasswordInput): Promise<void> {
  const { error } = await authClient.resetPassword(input);
  if (error) throw new AuthRequestError(error);
}

export function useResetPassword() {
  return useMutation({
    mutationFn: withUserMessage(resetPassword, (error) => setNewPasswordErrorMessage(authFailureOf(error))),
  });
}
