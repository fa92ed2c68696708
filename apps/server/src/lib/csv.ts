/**
 * CSV files as RFC 4180 writes them (ADR 37): fields separated by commas, CRLF line ends, a field
 * quoted when it holds a comma, a quote or a line break, inner quotes doubled.
 */

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Starts the file with a UTF-8 byte order mark, so spreadsheet apps read accents right. Default true. */
  bom?: boolean;
  /** Quotes every value (not the header), as RateYourMusic's own export does. Default false. */
  quoteAll?: boolean;
}

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A spreadsheet reads a cell starting with one of these as a formula (OWASP, "CSV Injection"):
 * such text gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

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

/** One field, defused and quoted as needed. */
export function csvField(value: CsvCell, quoteAll = false): string {
  const text = cellText(value);
  return quoteAll || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  options: CsvOptions = {},
): string {
  const quoteAll = options.quoteAll ?? false;
  // Header names are ours, never a formula, and left bare even with quoteAll: RYM's export quotes
  // its values but not its header, and importers compare that header line byte for byte.
  const headerLine = header.map((name) => csvField(name)).join(',');
  const lines = [headerLine, ...rows.map((row) => row.map((cell) => csvField(cell, quoteAll)).join(','))];
  return `${options.bom === false ? '' : BOM}${lines.join('\r\n')}\r\n`;
}
