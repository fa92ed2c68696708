import type { AlbumType } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { intlLocale } from '../i18n/i18n.ts';

// How catalogue facts read on the album and artist pages, Discover, the charts and a year in music,
// in the page's language; kept apart from format.ts so the home page's cards do not carry them.

/** Each release type's name as a fan reads it. */
export function albumTypeLabel(type: AlbumType): string {
  const labels: Record<AlbumType, string> = {
    album: t`Album`,
    ep: t`EP`,
    single: t`Single`,
    live: t`Live`,
    compilation: t`Compilation`,
  };
  return labels[type];
}

/** A discography section's heading for each type. */
export function albumTypeSection(type: AlbumType): string {
  const sections: Record<AlbumType, string> = {
    album: t`Albums`,
    ep: t`EPs`,
    single: t`Singles`,
    live: t`Live`,
    compilation: t`Compilations`,
  };
  return sections[type];
}

/** A month's name, 1 for January, in the page's language. */
export function monthName(month: number): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/**
 * "26 September 1969" from "1969-09-26" ("26. September 1969" in German). A date known only to the
 * month or the year ("1969-09", "1969") is shown as it is: inventing a day would say more than the
 * catalogue knows.
 */
export function formatReleaseDate(releaseDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(releaseDate);
  if (!match) return releaseDate;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** "47 min" (or "1 h 12 min") from milliseconds. */
export function formatRuntime(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return t`${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return t`${hours} h ${rest} min`;
}
