import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../lib/paths.ts';
import { resetErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';

/** POST /api/auth/request-password-reset (Better Auth): mails a link to /reset-password. */
async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await authClient.requestPasswordReset({ email: email.trim(), redirectTo: paths.resetPassword() });
  if (error) throw new AuthRequestError(error);
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: withUserMessage(requestPasswordReset, (error) => resetErrorMessage(authFailureOf(error))),
  });
}
