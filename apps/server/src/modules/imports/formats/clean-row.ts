import { charCount, REVIEW_MAX } from '@liner/shared';
import type { ParsedRow } from './types.ts';

/**
 * Every parsed row passes through here before it is kept: a row is stored as its file gave it,
 * so it must be no larger than what it can become, and hold only characters every database takes.
 * A genuine export can be messy (a NUL from a scrobbler, bytes that are not UTF-8); it imports
 * with the bad characters replaced and the row saying so, rather than being refused or answering
 * 500 (PostgreSQL refuses a NUL in text).
 */

/** Names longer than this are no real artist, album or song; the rest is dropped. */
export const NAME_MAX = 500;
export const REVIEW_CUT = `The review was cut to ${REVIEW_MAX.toLocaleString('en')} characters, the longest a review can be`;
export const CHARACTERS_REPLACED = 'Some characters could not be read and were replaced with “\uFFFD”';

const REPLACEMENT = '\uFFFD';
// C0 controls but tab and line breaks, and DEL: no name or review means one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** Half of a surrogate pair without its other half (JSON's "\ud800"): no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A review within REVIEW_MAX characters (RateYourMusic has no such limit): a longer one keeps its
 * beginning and ends with "…", and the row says so, rather than the rating being lost with it.
 */
export function reviewWithinLimit(review: string | null): { review: string | null; note?: string } {
  if (review === null || charCount(review) <= REVIEW_MAX) return { review };
  return {
    review: `${[...review]
      .slice(0, REVIEW_MAX - 1)
      .join('')
      .trimEnd()}…`,
    note: REVIEW_CUT,
  };
}

/** Cleans the strings of one row, remembering whether any character had to be replaced. */
class Cleaner {
  replaced = false;

  text(value: string, max?: number): string {
    const clean = value.replace(CONTROL, REPLACEMENT).replace(LONE_SURROGATE, REPLACEMENT);
    if (clean.includes(REPLACEMENT)) this.replaced = true;
    return max === undefined ? clean : [...clean].slice(0, max).join('');
  }

  name(value: string): string {
    return this.text(head(value, NAME_MAX), NAME_MAX);
  }

  review(value: string): string {
    return this.text(head(value, REVIEW_MAX));
  }
}

/**
 * Enough of a cell to hold `max` characters and to show it had more: a 10 MB cell is then not
 * cleaned and spread into characters whole. Cut between code units, never inside a surrogate
 * pair, so the cut itself is not mistaken for a bad character.
 */
function head(value: string, max: number): string {
  const units = max * 2 + 2;
  if (value.length <= units) return value;
  const cut = value.slice(0, units);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

export function cleanRow(row: ParsedRow): ParsedRow {
  const clean = new Cleaner();
  const notes: string[] = [];
  const names = { artist: clean.name(row.artist), title: clean.name(row.title) };
  let cleaned: ParsedRow;
  switch (row.kind) {
    case 'bad':
      return { ...row, ...names, message: clean.text(row.message, NAME_MAX * 2) };
    case 'album': {
      const { review, note } = reviewWithinLimit(row.review === null ? null : clean.review(row.review));
      if (note) notes.push(note);
      const localizedArtist = row.localizedArtist ? clean.name(row.localizedArtist) : row.localizedArtist;
      cleaned = { ...row, ...names, review, ...(localizedArtist ? { localizedArtist } : {}) };
      break;
    }
    case 'loved':
      cleaned = { ...row, ...names, track: clean.name(row.track) };
      break;
    case 'listens': {
      const songs = row.songs
        ? Object.fromEntries(Object.entries(row.songs).map(([day, list]) => [day, list.map((s) => clean.name(s))]))
        : undefined;
      const mainArtist = row.mainArtist ? clean.name(row.mainArtist) : row.mainArtist;
      cleaned = { ...row, ...names, ...(songs ? { songs } : {}), ...(mainArtist ? { mainArtist } : {}) };
      break;
    }
  }
  if (clean.replaced) notes.unshift(CHARACTERS_REPLACED);
  return notes.length > 0 ? { ...cleaned, notes } : cleaned;
}
