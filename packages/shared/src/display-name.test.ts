import { describe, expect, it } from 'vitest';
import { checkDisplayName } from './display-name.ts';

describe('checkDisplayName', () => {
  it('trims and collapses inner spaces', () => {
    expect(checkDisplayName('  ana   maria ')).toEqual({ ok: true, value: 'ana maria' });
  });

  it('uses the caller’s message for a blank name', () => {
    expect(checkDisplayName('   ')).toEqual({ ok: false, message: 'Display name cannot be empty' });
    expect(checkDisplayName('', 'Please enter a display name')).toEqual({
      ok: false,
      message: 'Please enter a display name',
    });
    expect(checkDisplayName(undefined)).toMatchObject({ ok: false });
  });

  it('accepts letters of any script, digits, dots, hyphens and underscores', () => {
    for (const name of ['Björk', 'josé_99', 'dj.shadow', 'a-ha', '坂本龍一']) {
      expect(checkDisplayName(name)).toEqual({ ok: true, value: name });
    }
  });

  it('refuses names that would break a profile URL', () => {
    for (const name of ['a/b', '../x', 'what?', '#tag', '.hidden', 'name%20']) {
      expect(checkDisplayName(name).ok, name).toBe(false);
    }
  });

  it('allows 30 characters and refuses 31', () => {
    expect(checkDisplayName('a'.repeat(30)).ok).toBe(true);
    expect(checkDisplayName('a'.repeat(31))).toEqual({
      ok: false,
      message: 'Display name must be 30 characters or less',
    });
  });

  it('refuses invisible letters that would make two names look the same', () => {
    expect(checkDisplayName('ana\u3164')).toEqual({
      ok: false,
      message: 'Display name cannot contain invisible characters',
    });
    expect(checkDisplayName('\u115Fana').ok).toBe(false);
    expect(checkDisplayName('ana\u200B').ok).toBe(false);
  });

  it('takes a decomposed accent as the same letter as the precomposed one', () => {
    expect(checkDisplayName('Jose\u0301')).toEqual({ ok: true, value: 'Jos\u00e9' });
  });
});
