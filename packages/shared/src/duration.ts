/** Track lengths: stored as milliseconds, shown as "m:ss" (or "h:mm:ss" from one hour). */

/** "m:ss" under an hour, "h:mm:ss" from one hour; seconds are rounded to the nearest whole second. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Reads "m:ss", "mm:ss" or "h:mm:ss" into milliseconds; null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(?:(\d+):([0-5]\d):([0-5]\d)|(\d+):([0-5]\d))$/.exec(text.trim());
  if (!match) return null;
  const [, h, hm, hs, m, s] = match;
  const seconds = h !== undefined ? Number(h) * 3600 + Number(hm) * 60 + Number(hs) : Number(m) * 60 + Number(s);
  return seconds * 1000;
}
