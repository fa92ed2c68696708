import type { AlbumType } from '@liner/shared';

// How catalogue facts read, shared by the cards, the album and artist pages, Discover and the charts.

/** Each release type's name as a fan reads it. */
export const ALBUM_TYPE_LABELS: Record<AlbumType, string> = {
  album: 'Album',
  ep: 'EP',
  single: 'Single',
  live: 'Live',
  compilation: 'Compilation',
};

/** A discography section's heading for each type. */
export const ALBUM_TYPE_SECTIONS: Record<AlbumType, string> = {
  album: 'Albums',
  ep: 'EPs',
  single: 'Singles',
  live: 'Live',
  compilation: 'Compilations',
};

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "1997" from "1997-05-21", "1997-05" or "1997"; null when unknown. */
export function yearOf(releaseDate: string | null | undefined): string | null {
  return releaseDate && /^\d{4}/.test(releaseDate) ? releaseDate.slice(0, 4) : null;
}

/**
 * "26 September 1969" from "1969-09-26". A date known only to the month or the year ("1969-09",
 * "1969") is shown as it is: inventing a day would say more than the catalogue knows.
 */
export function formatReleaseDate(releaseDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(releaseDate);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return releaseDate;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** "47 min" (or "1 h 12 min") from milliseconds. */
export function formatRuntime(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "East coast hip-hop" for "east coast hip-hop": the catalogue keeps genres in lower case. */
export function sentenceCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "1 listener", "12 listeners". */
/** A half-star histogram's bucket 0–9 as stars: "½", "1", "1½" … "5" (the album page's and a profile's). */
export function halfStarsLabel(bucket: number): string {
  const whole = Math.floor((bucket + 1) / 2);
  const half = bucket % 2 === 0 ? '½' : '';
  return whole === 0 ? half : `${whole}${half}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
