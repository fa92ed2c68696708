import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { RYM_HEADER } from '../../../lib/rym-format.ts';
import { csvRows } from './csv-read.ts';
import { textOf } from './file-text.ts';
import { decodeHtmlEntities } from './html-entities.ts';
import { withinRowLimit } from './row-limit.ts';
import { type AlbumRow, type BadRow, ImportFormatError, type ParsedRow, type Parser } from './types.ts';

/*
 * RateYourMusic's export ("EXPORT YOUR DATA" / "EXPORT WITH REVIEWS" on the profile page). Verified
 * against a real export kept in dukhevych/rym-lastfm-stats (src/data.csv): the header below byte
 * for byte, no byte order mark, LF line ends, every value double-quoted and HTML-escaped, Ownership
 * "n" or "o", Rating 0 on shelved albums, localized names in their own columns or (older rows)
 * after the name in brackets, "야야 / 夜夜 [YAYA]". That export has no Review column; with reviews
 * it has twelve (ishwi/Chuu's RYMDumpImportCommand compares the twelve-column header).
 */

// Compared trimmed: RYM's own header has leading spaces in two names, which other tools drop.
const HEADER_WITH_REVIEWS = RYM_HEADER.map((name) => name.trim());
const HEADER = HEADER_WITH_REVIEWS.slice(0, -1);

/** Where each value is, by the header's order. */
const Column = {
  firstName: 1,
  lastName: 2,
  firstLocalized: 3,
  lastLocalized: 4,
  title: 5,
  year: 6,
  rating: 7,
  ownership: 8,
  review: 11,
};

/** RYM's ownership codes (the rym-lastfm-stats extension's ERYMOwnershipStatus: o, w, u, n). */
const OWNERSHIP: Record<string, AlbumRow['ownership']> = { o: 'owned', u: 'used', w: 'wishlist' };

function sameNames(fields: string[], expected: string[]): boolean {
  // Trimmed: the real header has stray spaces (" First Name"), which a re-saved file may lose.
  return fields.length === expected.length && fields.every((name, i) => name.trim() === expected[i]);
}

/** "Name [Localized]", RYM's older way to give a transliteration, is the name before the brackets. */
function withoutLocalized(name: string): string {
  return name
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The artist as RYM names it, and its localized name from RYM's own columns when both are given:
 * "제니" with "Jennie". The catalogue may know either, so the matcher tries both.
 */
function artistOf(fields: string[]): { artist: string; localizedArtist: string | null } {
  const native = [fields[Column.firstName], fields[Column.lastName]].map((name) => withoutLocalized(name ?? ''));
  const localized = [fields[Column.firstLocalized], fields[Column.lastLocalized]].map((name) => (name ?? '').trim());
  const [nativeName, localizedName] = [native.filter(Boolean).join(' '), localized.filter(Boolean).join(' ')];
  if (!nativeName) return { artist: localizedName, localizedArtist: null };
  return { artist: nativeName, localizedArtist: localizedName && localizedName !== nativeName ? localizedName : null };
}

/** Release_Date holds a year; empty or "0000" is an unknown year, not a reason to refuse the row. */
function yearOf(value: string): number | null {
  const year = /^\d{4}/.test(value) ? Number(value.slice(0, 4)) : 0;
  return year > 0 ? year : null;
}

/** Whole half stars 1–10, or null for 0 (RYM writes 0 on albums shelved without a rating). */
function ratingOf(value: string): number | null | undefined {
  if (value === '') return null;
  if (!/^\d{1,2}$/.test(value) || Number(value) > 10) return undefined;
  return Number(value) === 0 ? null : Number(value);
}

function rowOf(line: number, raw: string[], columns: number): AlbumRow | BadRow {
  const fields = raw.map(decodeHtmlEntities);
  const value = (column: number) => (fields[column] ?? '').trim();
  const { artist, localizedArtist } = artistOf(fields);
  const title = value(Column.title);
  const bad = (message: string): BadRow => ({ kind: 'bad', line, artist, title, message });
  if (fields.length !== columns) {
    return bad(`The row has ${fields.length} columns; a RateYourMusic row has ${columns}`);
  }
  if (!title) return bad('The row has no title');
  if (!artist) return bad('The row has no artist');
  const rating = ratingOf(value(Column.rating));
  if (rating === undefined) return bad('Rating must be a whole number from 0 to 10');
  return {
    kind: 'album',
    line,
    artist,
    ...(localizedArtist ? { localizedArtist } : {}),
    title,
    year: yearOf(value(Column.year)),
    rating,
    review: value(Column.review) || null,
    // An unknown code is no ownership rather than a refused row: the rating is what matters.
    ownership: OWNERSHIP[value(Column.ownership).toLowerCase()] ?? null,
  };
}

export const parseRym: Parser = (bytes) => {
  const text = textOf(bytes);
  if (text === null) throw new ImportFormatError(IMPORT_WRONG_FORMAT.rym);
  const reader = csvRows(text);
  const header = reader.next().value;
  if (!header) throw new ImportFormatError(IMPORT_EMPTY);
  const withReviews = sameNames(header.fields, HEADER_WITH_REVIEWS);
  if (!withReviews && !sameNames(header.fields, HEADER)) throw new ImportFormatError(IMPORT_WRONG_FORMAT.rym);
  const columns = withReviews ? HEADER_WITH_REVIEWS.length : HEADER.length;
  const rows: ParsedRow[] = [];
  for (const row of reader) {
    rows.push(rowOf(row.line, row.fields, columns));
    withinRowLimit(rows.length);
  }
  if (rows.length === 0) throw new ImportFormatError(IMPORT_EMPTY);
  return rows;
};
