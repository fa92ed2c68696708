import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '@liner/shared';
import { dictionary } from '@zxcvbn-ts/language-common';

export const MAX_PASSWORD_LENGTH = 128;
export const COMMON_PASSWORD = PASSWORD_TOO_COMMON;

/**
 * The ~49,000 most common passwords of zxcvbn-ts's maintained list (ADR 15). Case is folded, so
 * 'Password1' counts as 'password1'; a list guessed first in every credential-stuffing run.
 */
const common = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

/** Why a new password is refused, in words for the person choosing it; null when it is fine. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    return PASSWORD_TOO_SHORT;
  }
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be ${MAX_PASSWORD_LENGTH} characters or less`;
  if (common.has(password.toLowerCase())) return COMMON_PASSWORD;
  return null;
}
