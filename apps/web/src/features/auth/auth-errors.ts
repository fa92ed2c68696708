import { MIN_PASSWORD_LENGTH } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { fromServer } from '../../lib/i18n/runtime.ts';

/**
 * Better Auth's error codes turned into the spec's messages (§8), in the page's language: the
 * server's English words for the same codes are @liner/shared's (auth-errors.test.ts keeps the two
 * the same in English).
 */
export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
}

const isEmailProblem = (e: AuthFailure) =>
  e.code === 'INVALID_EMAIL' || (e.code === 'VALIDATION_ERROR' && /email/i.test(e.message ?? ''));

export function loginErrorMessage(e: AuthFailure): string {
  if (e.code === 'ACCOUNT_SUSPENDED') return accountSuspended();
  if (e.status === 429) return t`Too many failed login attempts. Please try again later.`;
  if (e.code === 'INVALID_EMAIL_OR_PASSWORD' || e.code === 'USER_NOT_FOUND' || e.code === 'INVALID_PASSWORD') {
    return t`Invalid email or password`;
  }
  if (isEmailProblem(e)) return t`Invalid email address`;
  return t`Failed to log in. Please try again.`;
}

export const tooManyRequests = () => t`Too many requests. Please try again later.`;

export const accountSuspended = () => t`This account has been suspended.`;

export function passwordTooShort(): string {
  const min = MIN_PASSWORD_LENGTH;
  return t`Password must be at least ${min} characters`;
}

/** Whether a new password is long enough to send (the server also refuses common ones). */
const isLongEnough = (password: string) => password.length >= MIN_PASSWORD_LENGTH;

/** What is wrong with a new password and its confirmation before anything is sent, or null. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return t`Passwords do not match`;
  if (!isLongEnough(password)) return passwordTooShort();
  return null;
}

/**
 * Why the server refused a new password (sign-up, reset, change), in its own words when it gave
 * some ('That password is too common…'); null when the failure was about something else.
 */
export function newPasswordRefusal(e: AuthFailure): string | null {
  if (e.code === 'PASSWORD_TOO_SHORT') return passwordTooShort();
  if ((e.code === 'WEAK_PASSWORD' || e.code === 'PASSWORD_TOO_LONG') && e.message) return fromServer(e.message);
  return null;
}

/** Who may join: the server says why in words fit to show. */
const REGISTRATION_REFUSALS = new Set(['REGISTRATION_CLOSED', 'INVITE_REQUIRED', 'INVITE_INVALID']);

/** Whether a sign-up failed because registration is closed or needs an invitation. */
export const isRegistrationRefusal = (e: AuthFailure) => e.code !== undefined && REGISTRATION_REFUSALS.has(e.code);

export function signUpErrorMessage(e: AuthFailure): string {
  if (isRegistrationRefusal(e) && e.message) return fromServer(e.message);
  if (e.code?.startsWith('USER_ALREADY_EXISTS'))
    return t`Email is already in use. Please use a different email or log in.`;
  if (isEmailProblem(e)) return t`Invalid email address`;
  const password = newPasswordRefusal(e);
  if (password) return password;
  if ((e.code === 'DISPLAY_NAME_TAKEN' || e.code === 'INVALID_DISPLAY_NAME') && e.message) return fromServer(e.message);
  if (e.status === 429) return t`Too many attempts. Please try again later.`;
  return t`Failed to create an account. Please try again.`;
}

export function resetErrorMessage(e: AuthFailure): string {
  if (e.code === 'USER_NOT_FOUND' || e.status === 404) return t`No account found with that email.`;
  if (isEmailProblem(e)) return t`Invalid email address`;
  if (e.status === 429) return t`Too many attempts. Please try again later.`;
  return t`Failed to reset password. Please try again.`;
}

/** Setting a new password from the e-mailed reset link. */
export function setNewPasswordErrorMessage(e: AuthFailure): string {
  if (e.code === 'INVALID_TOKEN') return t`This reset link has expired or was already used. Please request a new one.`;
  const password = newPasswordRefusal(e);
  if (password) return password;
  if (e.status === 429) return tooManyRequests();
  return t`Failed to reset password. Please try again.`;
}

/** Changing the password in /settings. */
export function changePasswordErrorMessage(e: AuthFailure): string {
  if (e.code === 'INVALID_PASSWORD') return t`Your current password is not right`;
  const password = newPasswordRefusal(e);
  if (password) return password;
  if (e.status === 429) return tooManyRequests();
  return t`Failed to change password. Please try again.`;
}

/**
 * Changing the e-mail address: the server's own message ('Incorrect password', 'An account with
 * that e-mail address already exists.', 'Email is the same', rate limits) for any 4xx.
 */
export function changeEmailErrorMessage(e: AuthFailure): string {
  if (e.status === 429) return tooManyRequests();
  if (isEmailProblem(e)) return t`Invalid email address`;
  if (e.status !== undefined && e.status >= 400 && e.status < 500 && e.message) return fromServer(e.message);
  return t`Failed to change email. Please try again.`;
}

/** Sending the verification link again. */
export function resendVerificationErrorMessage(e: AuthFailure): string {
  if (e.status === 429) return tooManyRequests();
  if (e.status !== undefined && e.status >= 400 && e.status < 500 && e.message) return fromServer(e.message);
  return t`Failed to send the link. Please try again.`;
}

export const googleError = () => t`Failed to sign in with Google. Please try again.`;

/** Ending the other sessions: the same words whatever went wrong. */
export const revokeSessionsError = () => t`Failed to sign out other sessions. Please try again.`;
