import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { loginErrorMessage } from '../auth-errors.ts';
import { AuthRequestError, authFailureOf } from './auth-request-error.ts';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email (Better Auth); answers with the signed-in user's id. */
async function signIn({ email, password }: SignInInput): Promise<{ userId: string }> {
  const { data, error } = await authClient.signIn.email({ email: email.trim(), password });
  if (error || !data) throw new AuthRequestError(error ?? {});
  return { userId: data.user.id };
}

export function useSignIn() {
  return useMutation({ mutationFn: withUserMessage(signIn, (error) => loginErrorMessage(authFailureOf(error))) });
}
