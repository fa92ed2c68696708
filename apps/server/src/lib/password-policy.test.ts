import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it('refuses passwords shorter than 8 characters', () => {
    expect(passwordProblem('a1b2c3d')).toBe('Password must be at least 8 characters');
    expect(passwordProblem(undefined)).toBe('Password must be at least 8 characters');
  });

  it('refuses the common passwords of the maintained list, whatever their case', () => {
    expect(passwordProblem('password1')).toBe(COMMON_PASSWORD);
    expect(passwordProblem('PASSWORD1')).toBe(COMMON_PASSWORD);
    expect(passwordProblem('12345678')).toBe(COMMON_PASSWORD);
    expect(passwordProblem('iloveyou')).toBe(COMMON_PASSWORD);
  });

  it('accepts an uncommon password of 8 to 128 characters', () => {
    expect(passwordProblem('vinyl-forever')).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('Password must be 128 characters or less');
  });
});
