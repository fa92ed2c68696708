/**
 * CSV files as RFC 4180 writes them (ADR 37), made safe for spreadsheets as OWASP's "CSV Injection"
 * page asks: fields separated by commas, CRLF line ends, every value quoted with inner quotes
 * doubled, and text a spreadsheet would run as a formula shown as text.
 */

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Starts the file with a UTF-8 byte order mark, so spreadsheet apps read accents right. Default true. */
  bom?: boolean;
  /**
   * Quotes every value (not the header), as OWASP asks and as RateYourMusic's own export does.
   * Default true; false writes a value bare unless it holds a comma, a quote or a line break.
   */
  quoteAll?: boolean;
}

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A spreadsheet reads a cell as a formula when it starts with = + - @ (or their full-width forms,
 * which some spreadsheets fold to ASCII), also after leading spaces, quotes or separators: with
 * `;` as its separator, `;=1+1` is an empty cell and a formula. A tab or CR first can be read as a
 * separator or line end the same way. Such text gets a leading apostrophe, which spreadsheets show
 * as text and do not evaluate; its content is otherwise kept.
 */
const FORMULA_START = /^(?:[\s,;'"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/** Text as a spreadsheet will show it and never run it. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return defuseFormula(value);
}

/** One field, defused and quoted (only when it needs it if `quoteAll` is false). */
export function csvField(value: CsvCell, quoteAll = true): string {
  const text = cellText(value);
  return quoteAll || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A file in pieces: the BOM and header row, then `rowsPerPiece` rows at a time, each line ended by
 * CRLF. A writer of a large file yields to other work between pieces (csv-export.service.ts).
 */
export function* csvPieces(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvOptions = {},
  rowsPerPiece = 250,
): Generator<string> {
  const quoteAll = options.quoteAll ?? true;
  // Header names are ours, never a formula, and left bare: RYM's export quotes its values but not
  // its header, and importers compare that header line byte for byte.
  yield `${options.bom === false ? '' : BOM}${header.map((name) => csvField(name, false)).join(',')}\r\n`;
  let piece = '';
  let count = 0;
  for (const row of rows) {
    piece += `${row.map((cell) => csvField(cell, quoteAll)).join(',')}\r\n`;
    count += 1;
    if (count === rowsPerPiece) {
      yield piece;
      piece = '';
      count = 0;
    }
  }
  if (count > 0) yield piece;
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>, options: CsvOptions = {}): string {
  return [...csvPieces(header, rows, options)].join('');
}
