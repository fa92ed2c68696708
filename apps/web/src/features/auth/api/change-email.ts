import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { changeEmailErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';
import { EMAIL_VERIFIED_PATH } from './send-verification-email.ts';

export interface ChangeEmailInput {
  newEmail: string;
  password: string;
}

/**
 * POST /api/auth/change-email { newEmail, password, callbackURL }. Nothing changes yet: the server
 * checks the password and mails a link to the new address; the change happens when it is opened.
 */
async function changeEmail({ newEmail, password }: ChangeEmailInput): Promise<void> {
  // Better Auth's own body type has no password: our server's hook reads it, so it rides in the
  // request body through fetchOptions (the client merges that body into the request's).
  const { error } = await authClient.changeEmail(
    { newEmail, callbackURL: EMAIL_VERIFIED_PATH },
    { body: { newEmail, password, callbackURL: EMAIL_VERIFIED_PATH } },
  );
  if (error) throw new AuthRequestError(error);
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: withUserMessage(changeEmail, (error) => changeEmailErrorMessage(authFailureOf(error))),
  });
}
