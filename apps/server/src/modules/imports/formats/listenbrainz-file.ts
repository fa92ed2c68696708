import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { isZip, textOf } from './file-text.ts';
import { readZip } from './read-zip.ts';
import { ImportFormatError } from './types.ts';

/*
 * The files ListenBrainz exports, as metabrainz/listenbrainz-server writes them:
 * - since August 2024 (listenbrainz/background/export.py, export_user): a zip of user.json,
 *   listens/<year>/<month>.jsonl (month unpadded, "listens/2021/4.jsonl"; one listen a line,
 *   oldest first), feedback.jsonl and pinned_recording.jsonl;
 * - before it (listenbrainz/webserver/views/settings.py, export_data, at 895b819f7^): one JSON
 *   array of listens, "<user>_lb-<date>.json".
 * A listens .jsonl taken out of the zip is read too. Pinned recordings and user.json are not read.
 */

/** One JSON value of the file with its number: its line, or in a zip its listen's place. */
export interface Numbered {
  line: number;
  /** undefined when the line is not JSON. */
  value: unknown;
}

export interface ListenBrainzFile {
  listens: Numbered[];
  feedback: Numbered[];
}

const LISTENS_ENTRY = /(?:^|\/)listens\/(\d{4})\/(\d{1,2})\.jsonl$/;
const FEEDBACK_ENTRY = /(?:^|\/)feedback\.jsonl$/;
const USER_ENTRY = /(?:^|\/)user\.json$/;

function wrongFormat(): ImportFormatError {
  return new ImportFormatError(IMPORT_WRONG_FORMAT.listenbrainz);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The non-blank lines of a .jsonl, each parsed, with its 1-based line. */
function jsonLines(text: string): Numbered[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: i + 1, text: line.trim() }))
    .filter(({ text }) => text !== '')
    .map(({ line, text }) => ({ line, value: parseJson(text) }));
}

/** Months in time order: by name, "2021/10" would come before "2021/4". */
function monthOrder(name: string): number {
  const [, year, month] = LISTENS_ENTRY.exec(name) ?? [];
  return Number(year) * 100 + Number(month);
}

function fromZip(bytes: Uint8Array): ListenBrainzFile {
  const { names, files } = readZip(bytes, (name) => LISTENS_ENTRY.test(name) || FEEDBACK_ENTRY.test(name));
  if (!names.some((name) => LISTENS_ENTRY.test(name) || FEEDBACK_ENTRY.test(name) || USER_ENTRY.test(name))) {
    throw wrongFormat();
  }
  const decoder = new TextDecoder('utf-8');
  const linesOf = (name: string) => jsonLines(decoder.decode(files[name]));
  // Listens are numbered across the months, then feedback after them: every row's number is its own.
  let number = 0;
  const renumber = ({ value }: Numbered): Numbered => ({ line: ++number, value });
  const months = Object.keys(files)
    .filter((name) => LISTENS_ENTRY.test(name))
    .sort((a, b) => monthOrder(a) - monthOrder(b));
  const listens = months.flatMap((name) => linesOf(name).map(renumber));
  const feedbackName = Object.keys(files).find((name) => FEEDBACK_ENTRY.test(name));
  const feedback = feedbackName ? linesOf(feedbackName).map(renumber) : [];
  return { listens, feedback };
}

function fromText(text: string): ListenBrainzFile {
  const start = text.trimStart();
  if (start === '') throw new ImportFormatError(IMPORT_EMPTY);
  if (start.startsWith('[')) {
    const array = parseJson(text);
    if (!Array.isArray(array)) throw wrongFormat();
    return { listens: array.map((value, i) => ({ line: i + 1, value })), feedback: [] };
  }
  if (start.startsWith('{')) return { listens: jsonLines(text), feedback: [] };
  throw wrongFormat();
}

export function readListenBrainzFile(bytes: Uint8Array): ListenBrainzFile {
  if (isZip(bytes)) return fromZip(bytes);
  const text = textOf(bytes);
  if (text === null) throw wrongFormat();
  return fromText(text);
}
