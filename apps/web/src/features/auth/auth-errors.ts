/** Better Auth's error codes turned into the spec's messages (§8). */
export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
}

const isEmailProblem = (e: AuthFailure) =>
  e.code === 'INVALID_EMAIL' || (e.code === 'VALIDATION_ERROR' && /email/i.test(e.message ?? ''));

export function loginErrorMessage(e: AuthFailure): string {
  if (e.status === 429) return 'Too many failed login attempts. Please try again later.';
  if (e.code === 'INVALID_EMAIL_OR_PASSWORD' || e.code === 'USER_NOT_FOUND' || e.code === 'INVALID_PASSWORD') {
    return 'Invalid email or password';
  }
  if (isEmailProblem(e)) return 'Invalid email address';
  return 'Failed to log in. Please try again.';
}

export function signUpErrorMessage(e: AuthFailure): string {
  if (e.code?.startsWith('USER_ALREADY_EXISTS'))
    return 'Email is already in use. Please use a different email or log in.';
  if (isEmailProblem(e)) return 'Invalid email address';
  if (e.code === 'PASSWORD_TOO_SHORT') return 'Password must be at least 6 characters';
  if ((e.code === 'DISPLAY_NAME_TAKEN' || e.code === 'INVALID_DISPLAY_NAME') && e.message) return e.message;
  if (e.status === 429) return 'Too many attempts. Please try again later.';
  return 'Failed to create an account. Please try again.';
}

export function resetErrorMessage(e: AuthFailure): string {
  if (e.code === 'USER_NOT_FOUND' || e.status === 404) return 'No account found with that email.';
  if (isEmailProblem(e)) return 'Invalid email address';
  if (e.status === 429) return 'Too many attempts. Please try again later.';
  return 'Failed to reset password. Please try again.';
}

export const GOOGLE_ERROR = 'Failed to sign in with Google. Please try again.';
