import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { paths } from '../../../lib/paths.ts';
import type { AuthFailure } from '../auth-errors.ts';

/** Where the link in the e-mail sends people once Better Auth has checked it. */
export const EMAIL_VERIFIED_PATH = paths.emailVerified();

/** A refusal from Better Auth, kept whole so the message can say what went wrong. */
export class AuthRequestError extends Error {
  readonly failure: AuthFailure;

  constructor(failure: AuthFailure) {
    super(failure.message ?? 'Request failed');
    this.failure = failure;
  }
}

/** What Better Auth said, for the messages in auth-errors.ts (an empty failure for anything else). */
export const authFailureOf = (error: unknown): AuthFailure => (error instanceof AuthRequestError ? error.failure : {});

/** POST /api/auth/send-verification-email: a fresh link to the signed-in user's address. */
export async function sendVerificationEmail(email: string): Promise<void> {
  const { error } = await authClient.sendVerificationEmail({ email, callbackURL: EMAIL_VERIFIED_PATH });
  if (error) throw new AuthRequestError(error);
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
