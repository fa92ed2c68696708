import { ACCOUNT_SUSPENDED, PASSWORD_TOO_SHORT } from '@liner/shared';
import { describe, expect, it } from 'vitest';
import {
  accountSuspended,
  changeEmailErrorMessage,
  changePasswordErrorMessage,
  loginErrorMessage,
  passwordTooShort,
  resetErrorMessage,
  setNewPasswordErrorMessage,
  signUpErrorMessage,
} from './auth-errors.ts';

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

  const common = 'That password is too common. Please choose a less common one.';

  it('new passwords: at least 8 characters, and the server’s words for a common one', () => {
    expect(signUpErrorMessage({ status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(signUpErrorMessage({ status: 400, code: 'WEAK_PASSWORD', message: common })).toBe(common);
    expect(setNewPasswordErrorMessage({ status: 400, code: 'WEAK_PASSWORD', message: common })).toBe(common);
    expect(changePasswordErrorMessage({ status: 400, code: 'WEAK_PASSWORD', message: common })).toBe(common);
    expect(changePasswordErrorMessage({ status: 400, code: 'INVALID_PASSWORD' })).toBe(
      'Your current password is not right',
    );
    expect(setNewPasswordErrorMessage({ status: 400, code: 'INVALID_TOKEN' })).toBe(
      'This reset link has expired or was already used. Please request a new one.',
    );
  });

  it('e-mail change: the server’s message for a 4xx, a generic one otherwise', () => {
    expect(changeEmailErrorMessage({ status: 403, code: 'INVALID_PASSWORD', message: 'Incorrect password' })).toBe(
      'Incorrect password',
    );
    expect(
      changeEmailErrorMessage({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: '[body.newEmail] Invalid email address',
      }),
    ).toBe('Invalid email address');
    expect(changeEmailErrorMessage({ status: 500, message: 'boom' })).toBe('Failed to change email. Please try again.');
  });

  it("says the server's own words in English, where both have them", () => {
    expect(accountSuspended()).toBe(ACCOUNT_SUSPENDED);
    expect(passwordTooShort()).toBe(PASSWORD_TOO_SHORT);
  });
});
