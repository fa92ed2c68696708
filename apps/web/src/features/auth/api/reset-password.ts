import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { AuthRequestError } from './send-verification-email.ts';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** POST /api/auth/reset-password (Better Auth), with the token from the e-mailed link. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  const { error } = await authClient.resetPassword(input);
  if (error) throw new AuthRequestError(error);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
