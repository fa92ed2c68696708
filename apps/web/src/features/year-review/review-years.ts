import { YEAR_REVIEW_FIRST } from '@liner/shared';

/**
 * The year whose review a profile offers: this year's in December, once most of it is in, and last
 * year's in January, when people look back; none the rest of the year.
 */
export function featuredReviewYear(now: Date = new Date()): number | null {
  const month = now.getMonth();
  if (month === 11) return now.getFullYear();
  if (month === 0) return now.getFullYear() - 1;
  return null;
}

/** The year the Diary's link opens: last year's in January, when this one has barely begun; else this year's. */
export function diaryReviewYear(now: Date = new Date()): number {
  return now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
}

/** The address's year, when a review can be shown for it: four digits, from the first year to this one. */
export function parseReviewYear(text: string | undefined, now: Date = new Date()): number | null {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= YEAR_REVIEW_FIRST && year <= now.getFullYear() ? year : null;
}
