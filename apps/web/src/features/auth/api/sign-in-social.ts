import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../lib/paths.ts';
import { AuthRequestError } from './send-verification-email.ts';

/**
 * POST /api/auth/sign-in/social (Better Auth): the browser leaves for Google. The server
 * registers Google as an OpenID Connect provider (its issuer is configurable).
 */
export async function signInWithGoogle(callbackURL: string): Promise<void> {
  const { error } = await authClient.signIn.social({
    provider: 'google',
    callbackURL,
    newUserCallbackURL: paths.profileSetup(),
    errorCallbackURL: `${paths.login()}?error=google`,
  });
  if (error) throw new AuthRequestError(error);
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
