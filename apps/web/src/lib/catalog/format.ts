import { plural as pluralMessage } from '@lingui/core/macro';
import { intlLocale } from '../i18n/i18n.ts';

// How catalogue facts read on every card (the home page's too), in the page's language (functions,
// not constants: a word is read when it is shown, ADR 56). The pages' longer words are in labels.ts.

/** A number with one decimal, as a score reads ("4.2", "4,2" in German). */
export function oneDecimal(value: number): string {
  return new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** "1997" from "1997-05-21", "1997-05" or "1997"; null when unknown. */
export function yearOf(releaseDate: string | null | undefined): string | null {
  return releaseDate && /^\d{4}/.test(releaseDate) ? releaseDate.slice(0, 4) : null;
}

/** "East coast hip-hop" for "east coast hip-hop": the catalogue keeps genres in lower case. */
export function sentenceCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A half-star histogram's bucket 0–9 as stars: "½", "1", "1½" … "5" (the album page's and a profile's). */
export function halfStarsLabel(bucket: number): string {
  const whole = Math.floor((bucket + 1) / 2);
  const half = bucket % 2 === 0 ? '½' : '';
  return whole === 0 ? half : `${whole}${half}`;
}

/** "1 listener", "1,234 listeners", in the page's language. */
export function listenersCount(count: number): string {
  return pluralMessage(count, { one: '# listener', other: '# listeners' });
}
