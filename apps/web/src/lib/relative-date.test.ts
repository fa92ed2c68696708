import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './relative-date.ts';

const now = new Date('2026-03-10T15:00:00Z');

describe('formatRelativeDate (TZ=UTC)', () => {
  it("says 'Just now' without a date or under a minute", () => {
    expect(formatRelativeDate(null, now)).toBe('Just now');
    expect(formatRelativeDate('nonsense', now)).toBe('Just now');
    expect(formatRelativeDate('2026-03-10T14:59:30Z', now)).toBe('Just now');
  });
  it('counts minutes and hours today', () => {
    expect(formatRelativeDate('2026-03-10T14:59:00Z', now)).toBe('1 minute ago');
    expect(formatRelativeDate('2026-03-10T14:15:00Z', now)).toBe('45 minutes ago');
    expect(formatRelativeDate('2026-03-10T01:00:00Z', now)).toBe('14 hours ago');
  });
  it("says 'Yesterday', then days under a week, then the date", () => {
    expect(formatRelativeDate('2026-03-09T23:00:00Z', now)).toBe('Yesterday');
    expect(formatRelativeDate('2026-03-07T10:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeDate('2026-03-04T10:00:00Z', now)).toBe('6 days ago');
    expect(formatRelativeDate('2026-03-03T10:00:00Z', now)).toBe('03/03/2026');
  });
});
