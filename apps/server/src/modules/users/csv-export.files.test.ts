import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { rymRating } from './csv-export.files.ts';
import { CSV_EXPORT_TOO_LARGE, zipCsvFiles } from './csv-export.service.ts';

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

describe('zipCsvFiles', () => {
  it('zips each file as UTF-8', () => {
    const zip = zipCsvFiles({ 'a.csv': 'é,1\r\n', 'b.csv': 'x\r\n' }, new Date('2026-01-02T03:04:05Z'));
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['a.csv', 'b.csv']);
    expect(strFromU8(files['a.csv'] ?? new Uint8Array())).toBe('é,1\r\n');
  });

  it('refuses with 413 past its bound, counting bytes, not characters', () => {
    // 'é' is two bytes in UTF-8: 3 characters, 6 bytes.
    let refused: unknown;
    try {
      zipCsvFiles({ 'a.csv': 'ééé' }, new Date(), 5);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: CSV_EXPORT_TOO_LARGE });
    expect(zipCsvFiles({ 'a.csv': 'ééé' }, new Date(), 6)).toBeInstanceOf(Uint8Array);
  });
});
