import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { AuthRequestError } from './send-verification-email.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password (Better Auth). */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const { error } = await authClient.changePassword(input);
  if (error) throw new AuthRequestError(error);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
