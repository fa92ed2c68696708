import type { DiaryEntry } from '@liner/shared';

/** One month of a diary: its heading ('November 2026') and its listens, newest first as served. */
export interface DiaryMonth {
  /** 'YYYY-MM'. */
  key: string;
  label: string;
  entries: DiaryEntry[];
}

// Listens are calendar days: formatted in UTC so no time zone moves one to the day before.
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** 'YYYY-MM' → 'November 2026'. */
export const monthLabel = (month: string) => monthFormat.format(asDate(`${month}-01`));

/** '1959-08-17' → '17 Aug 1959'. */
export const formatListenDay = (day: string) => dayFormat.format(asDate(day));

/** '1959-08-17' → '17 August 1959', for names read aloud ("Delete listen of …"). */
export const formatListenDayLong = (day: string) => longDayFormat.format(asDate(day));

/** The day of the month, without a leading zero: '1959-08-07' → '7'. */
export const dayOfMonth = (day: string) => String(Number(day.slice(8, 10)));

/**
 * Groups diary entries (newest first, across pages) into months in the order they come: a month
 * split over two pages is still one heading.
 */
export function groupByMonth(entries: DiaryEntry[]): DiaryMonth[] {
  const months: DiaryMonth[] = [];
  for (const entry of entries) {
    const key = entry.listenedOn.slice(0, 7);
    const last = months.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else months.push({ key, label: monthLabel(key), entries: [entry] });
  }
  return months;
}
