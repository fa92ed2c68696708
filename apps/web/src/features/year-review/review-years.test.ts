import { describe, expect, it } from 'vitest';
import { diaryReviewYear, featuredReviewYear, parseReviewYear } from './review-years.ts';

const on = (isoDay: string) => new Date(`${isoDay}T12:00:00`);

describe('which year a review is offered for', () => {
  it('features this year in December, last year in January, and none in between', () => {
    expect(featuredReviewYear(on('2026-12-01'))).toBe(2026);
    expect(featuredReviewYear(on('2027-01-31'))).toBe(2026);
    expect(featuredReviewYear(on('2026-02-01'))).toBeNull();
    expect(featuredReviewYear(on('2026-11-30'))).toBeNull();
  });

  it("links the Diary to last year's in January and to this year's otherwise", () => {
    expect(diaryReviewYear(on('2027-01-05'))).toBe(2026);
    expect(diaryReviewYear(on('2026-06-05'))).toBe(2026);
  });

  it('reads a four-digit year from 2000 to this one from the address, and nothing else', () => {
    const now = on('2026-12-05');
    expect(parseReviewYear('2026', now)).toBe(2026);
    expect(parseReviewYear('2000', now)).toBe(2000);
    for (const bad of ['2027', '1999', '26', '2026.5', ' 2026', '02026', 'year', '', undefined]) {
      expect(parseReviewYear(bad, now)).toBeNull();
    }
  });
});
