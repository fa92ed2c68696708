import { describe, expect, it } from 'vitest';
import { rymRating } from './csv-export.files.ts';

describe('rymRating (RateYourMusic rates 1–10 whole half stars)', () => {
  it('doubles a half-star rating', () => {
    expect(rymRating(5)).toBe(1);
    expect(rymRating(35)).toBe(7);
    expect(rymRating(50)).toBe(10);
  });

  it("rounds a songs' mean to the nearest half star", () => {
    expect(rymRating(37)).toBe(7);
    expect(rymRating(38)).toBe(8);
    expect(rymRating(42)).toBe(8);
  });

  it('never writes 0, which RYM reads as unrated', () => {
    expect(rymRating(1)).toBe(1);
  });
});
