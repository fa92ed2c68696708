/** Display names are profile URLs (/profile/{displayName}), unique without regard to letter case. */
export const DISPLAY_NAME_MAX = 30;

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

export type DisplayNameCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Trims and checks a display name. `emptyMessage` differs by screen: sign-up says
 * 'Please enter a display name', the profile dialogs 'Display name cannot be empty' (spec §5).
 */
export function checkDisplayName(raw: unknown, emptyMessage = 'Display name cannot be empty'): DisplayNameCheck {
  const value = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
  if (!value) return { ok: false, message: emptyMessage };
  if ([...value].length > DISPLAY_NAME_MAX) {
    return { ok: false, message: `Display name must be ${DISPLAY_NAME_MAX} characters or less` };
  }
  if (!ALLOWED.test(value)) {
    return {
      ok: false,
      message: 'Display name can only contain letters, numbers, spaces, dots, hyphens and underscores',
    };
  }
  return { ok: true, value };
}

/** The key that makes 'Ana', 'ANA' and 'ａｎａ' the same name. */
export function displayNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

export const DISPLAY_NAME_TAKEN = 'That display name is already taken. Please choose another.';
