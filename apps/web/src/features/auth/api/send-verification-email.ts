import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../lib/paths.ts';
import { resendVerificationErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';

/** Where the link in the e-mail sends people once Better Auth has checked it. */
export const EMAIL_VERIFIED_PATH = paths.emailVerified();

/** POST /api/auth/send-verification-email: a fresh link to the signed-in user's address. */
async function sendVerificationEmail(email: string): Promise<void> {
  const { error } = await authClient.sendVerificationEmail({ email, callbackURL: EMAIL_VERIFIED_PATH });
  if (error) throw new AuthRequestError(error);
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: withUserMessage(sendVerificationEmail, (error) => resendVerificationErrorMessage(authFailureOf(error))),
  });
}
