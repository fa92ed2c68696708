import { describe, expect, it } from 'vitest';
import { matchLocale, preferredLocale } from './locales.ts';

describe('preferredLocale', () => {
  it('takes the language chosen in Settings first', () => {
    expect(preferredLocale('es', ['de-DE', 'en'])).toBe('es');
  });

  it("else the first of the browser's languages liner speaks, by its primary subtag", () => {
    expect(preferredLocale(null, ['fr-FR', 'de-AT', 'es'])).toBe('de');
    expect(preferredLocale(null, ['es-419'])).toBe('es');
    expect(preferredLocale('klingon', ['ES_mx'])).toBe('es');
  });

  it('else English', () => {
    expect(preferredLocale(null, ['fr', 'ja'])).toBe('en');
    expect(preferredLocale(null, [])).toBe('en');
    expect(matchLocale('')).toBeNull();
  });
});
