import { describe, expect, it } from 'vitest';
import { authLogLevel } from './auth.ts';

describe('authLogLevel', () => {
  it('logs what visitors send wrong as warnings, not server errors', () => {
    expect(authLogLevel('error', 'Invalid callbackURL: https://evil.example')).toBe('warn');
    expect(authLogLevel('error', 'Invalid origin: https://evil.example')).toBe('warn');
    expect(authLogLevel('error', 'Blocked cross-site navigation login attempt (CSRF protection)')).toBe('warn');
  });

  it('keeps real errors as errors', () => {
    expect(authLogLevel('error', 'Unable to link account')).toBe('error');
    expect(authLogLevel('success', 'done')).toBe('info');
  });
});
