import type { AuthFailure } from '../auth-errors.ts';

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
