import { describe, expect, it } from 'vitest';
import { albumAverageStars, albumAverageTenths } from './album-average.ts';

describe('album average', () => {
  it('is null when no song is rated', () => {
    expect(albumAverageStars([])).toBeNull();
    expect(albumAverageStars([null, undefined])).toBeNull();
  });
  it('averages only rated songs, in stars', () => {
    expect(albumAverageStars([10, null, 6])).toBe(4);
    expect(albumAverageStars([1])).toBe(0.5);
  });
  it('rounds to one decimal, halves up', () => {
    expect(albumAverageStars([7, 6])).toBe(3.3); // 3.25
    expect(albumAverageStars([10, 9, 9])).toBe(4.7); // 4.666…
    expect(albumAverageTenths([8, 7, 7])).toBe(37); // 3.666…
  });
  it('ignores values outside 1–10', () => {
    expect(albumAverageStars([0, 11, 4])).toBe(2);
  });
});
