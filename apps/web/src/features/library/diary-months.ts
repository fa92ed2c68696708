import type { DiaryEntry } from '@liner/shared';
import { intlLocale } from '../../lib/i18n/i18n.ts';

/** One month of a diary: its heading ('November 2026') and its listens, newest first as served. */
export interface DiaryMonth {
  /** 'YYYY-MM'. */
  key: string;
  label: string;
  entries: DiaryEntry[];
}

// Listens are calendar days: formatted in UTC so no time zone moves one to the day before. In the
// page's language, read when shown (ADR 56).
const format = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: 'UTC' }).format(asDate(day));

const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** 'YYYY-MM' → 'November 2026'. */
export const monthLabel = (month: string) => format(`${month}-01`, { month: 'long', year: 'numeric' });

/** '1959-08-17' → '17 Aug 1959'. */
export const formatListenDay = (day: string) => format(day, { day: 'numeric', month: 'short', year: 'numeric' });

/** '1959-08-17' → '17 August 1959', for names read aloud ("Delete listen of …"). */
export const formatListenDayLong = (day: string) => format(day, { day: 'numeric', month: 'long', year: 'numeric' });

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
