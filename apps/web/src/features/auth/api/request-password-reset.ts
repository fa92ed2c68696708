import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthRequestError } from './send-verification-email.ts';

/** POST /api/auth/request-password-reset (Better Auth): mails a link to /reset-password. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: paths.resetPassword() });
  if (error) throw new AuthRequestError(error);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
