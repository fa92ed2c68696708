import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { signUpErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  /** Only when registration is by invitation: the code from the invitation link. */
  inviteCode?: string;
}

/** POST /api/auth/sign-up/email (Better Auth): the account, signed in at once. */
async function signUp({ username, email, password, inviteCode }: SignUpInput): Promise<void> {
  const { error } = await authClient.signUp.email({
    name: username.trim(),
    email: email.trim(),
    password,
    ...(inviteCode === undefined ? {} : { inviteCode: inviteCode.trim() }),
  });
  if (error) throw new AuthRequestError(error);
}

export function useSignUp() {
  return useMutation({ mutationFn: withUserMessage(signUp, (error) => signUpErrorMessage(authFailureOf(error))) });
}
