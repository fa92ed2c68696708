import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { AuthRequestError } from './send-verification-email.ts';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email (Better Auth); answers with the signed-in user's id. */
export async function signIn({ email, password }: SignInInput): Promise<{ userId: string }> {
  const { data, error } = await authClient.signIn.email({ email: email.trim(), password });
  if (error || !data) throw new AuthRequestError(error ?? {});
  return { userId: data.user.id };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
