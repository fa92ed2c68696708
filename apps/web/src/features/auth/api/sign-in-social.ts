import { useMutation } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../lib/paths.ts';
import { googleError } from '../auth-errors.ts';
import { AuthRequestError } from './auth-request-error.ts';

/**
 * POST /api/auth/sign-in/social (Better Auth): the browser leaves for Google. The server
 * registers Google as an OpenID Connect provider (its issuer is configurable).
 */
async function signInWithGoogle(callbackURL: string): Promise<void> {
  const { error } = await authClient.signIn.social({
    provider: 'google',
    callbackURL,
    newUserCallbackURL: paths.profileSetup(),
    errorCallbackURL: `${paths.login()}?error=google`,
  });
  if (error) throw new AuthRequestError(error);
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: withUserMessage(signInWithGoogle, googleError) });
}
