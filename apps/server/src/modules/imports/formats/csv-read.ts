/**
 * CSV as RFC 4180 reads it, the reading side of lib/csv.ts: fields split by commas; a field in
 * double quotes may hold commas, line breaks and doubled quotes; lines end with CRLF or LF; a
 * leading byte order mark is skipped. Lenient where exporters are sloppy, as Go's LazyQuotes is: a
 * quote inside an unquoted field is text, and text after a closing quote joins the field.
 * Spaces before an opening quote are skipped, as Python's csv does with skipinitialspace:
 * RateYourMusic's export writes `"CD",  "review"`, two spaces before its quoted Review field, and
 * reading that field as unquoted would keep its quotes and split it at every comma in the review.
 * Values are sliced from the text, never built a character at a time: large files are the norm here.
 * Rows come one at a time, so a reader can stop at its limit without holding the rest.
 */

export interface CsvRow {
  /** 1-based line of the file where the row starts (a quoted line break makes a row span lines). */
  line: number;
  fields: string[];
}

const BOM = '\uFEFF';
const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;

/** Where the unquoted value starting at `from` ends: the next comma, line break or the end. */
function valueEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === CR || code === LF) break;
    i += 1;
  }
  return i;
}

/** The quoted value whose opening quote is at `from`, and where reading goes on. */
function quotedValue(text: string, from: number): { value: string; next: number } {
  let value = '';
  let i = from + 1;
  for (;;) {
    const close = text.indexOf('"', i);
    // Never closed: the rest of the file is the value (the row's column count will say so).
    if (close === -1) return { value: value + text.slice(i), next: text.length };
    if (text.charCodeAt(close + 1) === QUOTE) {
      value += text.slice(i, close + 1);
      i = close + 2;
      continue;
    }
    const end = valueEnd(text, close + 1);
    return { value: value + text.slice(i, close) + text.slice(close + 1, end), next: end };
  }
}

/** Where a quoted field opens, past the spaces before its quote; -1 when the field is unquoted. */
function openingQuote(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === SPACE) i += 1;
  return text.charCodeAt(i) === QUOTE ? i : -1;
}

export function* csvRows(text: string): Generator<CsvRow> {
  let i = text.startsWith(BOM) ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const row: CsvRow = { line, fields: [] };
    for (;;) {
      const quote = openingQuote(text, i);
      if (quote !== -1) {
        const { value, next } = quotedValue(text, quote);
        const multiline = value.includes('\n') || value.includes('\r');
        // A line break kept inside a value reads the same whichever system wrote it.
        const lines = multiline ? value.replace(/\r\n?/g, '\n') : value;
        if (multiline) line += lines.split('\n').length - 1;
        row.fields.push(lines);
        i = next;
      } else {
        const end = valueEnd(text, i);
        row.fields.push(text.slice(i, end));
        i = end;
      }
      if (text.charCodeAt(i) !== COMMA) break;
      i += 1;
    }
    i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    line += 1;
    // A blank line is no row: files end with a line break, and hand-edited ones gain empty lines.
    if (row.fields.length > 1 || row.fields[0] !== '') yield row;
  }
}

export function readCsv(text: string): CsvRow[] {
  return [...csvRows(text)];
}
