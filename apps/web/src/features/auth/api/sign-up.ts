import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { AuthRequestError } from './send-verification-email.ts';

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
}

/** POST /api/auth/sign-up/email (Better Auth): the account, signed in at once. */
export async function signUp({ username, email, password }: SignUpInput): Promise<void> {
  const { error } = await authClient.signUp.email({ name: username.trim(), email: email.trim(), password });
  if (error) throw new AuthRequestError(error);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
