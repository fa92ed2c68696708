import * as z from 'zod/mini';

/**
 * The one definition of "character" for every length limit (titles, notes, reviews, bios,
 * display names, playlist fields, searches), on the server and in the web counters: a Unicode code
 * point. An emoji is one character even where UTF-16 needs two units for it; a letter with a
 * separate combining accent is two. JavaScript's `.length` and HTML `maxlength` count UTF-16 units,
 * which refused a review of 1,500 emoji as over 2,000.
 */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A zod check: at most `max` characters (code points), else `message`. */
export function maxChars(max: number, message: string) {
  return z.refine<string>((text) => charCount(text) <= max, message);
}
