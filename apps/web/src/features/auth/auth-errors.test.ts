import { describe, expect, it } from 'vitest';
import { loginErrorMessage, resetErrorMessage, signUpErrorMessage } from './auth-errors.ts';

describe('auth error messages', () => {
  it('log-in: never says which of e-mail or password was wrong', () => {
    expect(loginErrorMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('Invalid email or password');
    expect(loginErrorMessage({ status: 400, code: 'INVALID_EMAIL' })).toBe('Invalid email address');
    expect(loginErrorMessage({ status: 429 })).toBe('Too many failed login attempts. Please try again later.');
    expect(loginErrorMessage({ status: 500 })).toBe('Failed to log in. Please try again.');
  });

  it('sign-up', () => {
    expect(signUpErrorMessage({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe(
      'Email is already in use. Please use a different email or log in.',
    );
    expect(signUpErrorMessage({ code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' })).toBe(
      'Invalid email address',
    );
    expect(signUpErrorMessage({ code: 'DISPLAY_NAME_TAKEN', message: 'That display name is already taken.' })).toBe(
      'That display name is already taken.',
    );
    expect(signUpErrorMessage({ status: 500 })).toBe('Failed to create an account. Please try again.');
  });

  it('reset', () => {
    expect(resetErrorMessage({ status: 404, code: 'USER_NOT_FOUND' })).toBe('No account found with that email.');
    expect(resetErrorMessage({ status: 400, code: 'INVALID_EMAIL' })).toBe('Invalid email address');
    expect(resetErrorMessage({ status: 500 })).toBe('Failed to reset password. Please try again.');
  });
});
