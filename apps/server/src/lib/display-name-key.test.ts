import { describe, expect, it } from 'vitest';
import { displayNameKey } from './display-name-key.ts';

describe('displayNameKey', () => {
  it('makes names that differ only by case or width equal', () => {
    expect(displayNameKey('Ana')).toBe(displayNameKey('ANA'));
    expect(displayNameKey('ａｎａ')).toBe(displayNameKey('ana'));
  });

  it('makes look-alike letters from other scripts equal, so no one can pose as another name', () => {
    expect(displayNameKey('\u0410dmin')).toBe(displayNameKey('Admin')); // Cyrillic А
    expect(displayNameKey('adm\u0456n')).toBe(displayNameKey('admin')); // Cyrillic і
    expect(displayNameKey('ΑDMIN')).toBe(displayNameKey('admin')); // Greek Α
  });

  it('keeps names that really differ apart', () => {
    expect(displayNameKey('ana')).not.toBe(displayNameKey('anna'));
    expect(displayNameKey('paypal')).not.toBe(displayNameKey('paypa1'));
  });
});
