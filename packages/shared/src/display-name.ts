import { charCount } from './characters.ts';

/** Display names are profile URLs (/profile/{displayName}), unique without regard to letter case. */
export const DISPLAY_NAME_MAX = 30;

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;
/** Letters that render as nothing (Hangul fillers, Khmer inherent vowels): a name must be seen to be told apart. */
const INVISIBLE = /[\u115F\u1160\u17B4\u17B5\u3164\uFFA0]/u;

export type DisplayNameCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Trims and checks a display name. `emptyMessage` differs by screen: sign-up says
 * 'Please enter a display name', the profile dialogs 'Display name cannot be empty' (spec §5).
 */
export function checkDisplayName(raw: unknown, emptyMessage = 'Display name cannot be empty'): DisplayNameCheck {
  // NFC first: 'é' typed as e + combining accent is the same name as the precomposed letter.
  const value = typeof raw === 'string' ? raw.normalize('NFC').trim().replace(/\s+/g, ' ') : '';
  if (!value) return { ok: false, message: emptyMessage };
  if (charCount(value) > DISPLAY_NAME_MAX) {
    return { ok: false, message: `Display name must be ${DISPLAY_NAME_MAX} characters or less` };
  }
  if (INVISIBLE.test(value)) return { ok: false, message: 'Display name cannot contain invisible characters' };
  if (!ALLOWED.test(value)) {
    return {
      ok: false,
      message: 'Display name can only contain letters, numbers, spaces, dots, hyphens and underscores',
    };
  }
  return { ok: true, value };
}

export const DISPLAY_NAME_TAKEN = 'That display name is already taken. Please choose another.';
