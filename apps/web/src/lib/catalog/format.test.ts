import { describe, expect, it } from 'vitest';
import { listenersCount, yearOf } from './format.ts';
import { formatReleaseDate, formatRuntime } from './labels.ts';

describe('catalogue formats', () => {
  it('writes a full release date out, and a partial one as it is', () => {
    expect(formatReleaseDate('1969-09-26')).toBe('26 September 1969');
    expect(formatReleaseDate('1997-05-01')).toBe('1 May 1997');
    expect(formatReleaseDate('1969-09')).toBe('1969-09');
    expect(formatReleaseDate('1969')).toBe('1969');
  });

  it('gives the year of any release date, or null', () => {
    expect(yearOf('1969-09-26')).toBe('1969');
    expect(yearOf('1969')).toBe('1969');
    expect(yearOf(null)).toBeNull();
  });

  it('reads runtimes in minutes, and hours past an hour', () => {
    expect(formatRuntime(2_820_000)).toBe('47 min');
    expect(formatRuntime(4_320_000)).toBe('1 h 12 min');
  });

  it('counts listeners in words, grouping thousands', () => {
    expect(listenersCount(1)).toBe('1 listener');
    expect(listenersCount(1234)).toBe('1,234 listeners');
  });
});
