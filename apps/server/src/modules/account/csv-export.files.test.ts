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
  it('zips each file as UTF-8 CSV', async () => {
    const zip = await zipCsvFiles(
      {
        'a.csv': { header: ['name', 'n'], rows: [['é', 1]] },
        'b.csv': { header: ['x'], rows: [], options: { bom: false } },
      },
      new Date('2026-01-02T03:04:05Z'),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['a.csv', 'b.csv']);
    expect(Buffer.from(files['a.csv'] ?? new Uint8Array()).toString('utf8')).toBe('\uFEFFname,n\r\n"é","1"\r\n');
    expect(strFromU8(files['b.csv'] ?? new Uint8Array())).toBe('x\r\n');
  });

  it('writes a file of many pieces whole', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [`row ${i}`]);
    const files = unzipSync(
      await zipCsvFiles({ 'big.csv': { header: ['v'], rows, options: { bom: false } } }, new Date()),
    );
    const lines = strFromU8(files['big.csv'] ?? new Uint8Array()).split('\r\n');
    expect(lines).toHaveLength(2502);
    expect(lines[2500]).toBe('"row 2499"');
  });

  it('refuses with 413 past its bound, counting bytes, not characters', async () => {
    // 'é' is two bytes in UTF-8: the header 'ééé' and its CRLF are 8 bytes.
    const files = { 'a.csv': { header: ['ééé'], rows: [], options: { bom: false } } };
    const refused = await zipCsvFiles(files, new Date(), 7).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: CSV_EXPORT_TOO_LARGE });
    expect(await zipCsvFiles(files, new Date(), 8)).toBeInstanceOf(Uint8Array);
  });
});
