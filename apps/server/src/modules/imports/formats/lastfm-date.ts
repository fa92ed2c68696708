/*
 * Dates in Last.fm scrobble files, all UTC. Last.fm's API writes a scrobble's date as
 * "22 May 2014, 20:11" beside its Unix time (<date uts="1400789483">, benfoxall/lastfm-to-csv's
 * test/fixture.xml); lastfm-to-csv removes every comma from its values (js/lastfm-export.js, csv),
 * so its files say "22 May 2014 20:11". Other exporters keep the comma, add seconds, or write ISO.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const LASTFM_DATE = /^(\d{1,2}) ([a-z]{3}) (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-]00:?00)?$/;

/** Unix seconds of a UTC date and time, or null when there is no such moment (31 Feb, 25:00). */
function utcSeconds(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second));
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return real ? date.getTime() / 1000 : null;
}

/** The Unix second a scrobble file's date names, or null when it is no date. */
export function scrobbleSeconds(text: string): number | null {
  const lastfm = LASTFM_DATE.exec(text.trim());
  if (lastfm) {
    const [, day, month, year, hour, minute, second] = lastfm;
    const monthIndex = MONTHS.indexOf((month as string).toLowerCase());
    if (monthIndex < 0) return null;
    return utcSeconds(Number(year), monthIndex, Number(day), Number(hour), Number(minute), Number(second ?? 0));
  }
  const iso = ISO_DATE.exec(text.trim());
  if (!iso) return null;
  const [, year, month, day, hour, minute, second] = iso;
  return utcSeconds(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0));
}
