import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { isZip, textOf } from './file-text.ts';
import { type InflateBudget, type ZipEntry, zipEntries, zipEntryLines } from './read-zip.ts';
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

/** Read as it is iterated: a zip's entries inflate a piece at a time, never all at once. */
export interface ListenBrainzFile {
  listens: Iterable<Numbered>;
  feedback: Iterable<Numbered>;
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

/** The non-blank lines of a .jsonl, each parsed, numbered by `number` (its 1-based line by default). */
function* jsonLines(lines: Iterable<string>, number: (line: number) => number = (line) => line): Generator<Numbered> {
  let line = 0;
  for (const raw of lines) {
    line += 1;
    const text = raw.trim();
    if (text !== '') yield { line: number(line), value: parseJson(text) };
  }
}

/** Months in time order: by name, "2021/10" would come before "2021/4". */
function monthOrder(name: string): number {
  const [, year, month] = LISTENS_ENTRY.exec(name) ?? [];
  return Number(year) * 100 + Number(month);
}

function fromZip(bytes: Uint8Array): ListenBrainzFile {
  const entries = zipEntries(bytes);
  if (!entries.some(({ name }) => LISTENS_ENTRY.test(name) || FEEDBACK_ENTRY.test(name) || USER_ENTRY.test(name))) {
    throw wrongFormat();
  }
  const budget: InflateBudget = { used: 0 };
  // Listens are numbered across the months, then feedback after them: every row's number is its own.
  let number = 0;
  const renumber = () => ++number;
  const months = entries
    .filter(({ name }) => LISTENS_ENTRY.test(name))
    .sort((a, b) => monthOrder(a.name) - monthOrder(b.name));
  const feedbackEntry = entries.find(({ name }) => FEEDBACK_ENTRY.test(name));
  const linesOf = (entry: ZipEntry) => jsonLines(zipEntryLines(bytes, entry, budget), renumber);
  return {
    listens: (function* () {
      for (const month of months) yield* linesOf(month);
    })(),
    feedback: (function* () {
      if (feedbackEntry) yield* linesOf(feedbackEntry);
    })(),
  };
}

function fromText(text: string): ListenBrainzFile {
  const start = text.trimStart();
  if (start === '') throw new ImportFormatError(IMPORT_EMPTY);
  if (start.startsWith('[')) {
    const array = parseJson(text);
    if (!Array.isArray(array)) throw wrongFormat();
    return { listens: array.map((value, i) => ({ line: i + 1, value })), feedback: [] };
  }
  if (start.startsWith('{')) return { listens: jsonLines(text.split('\n')), feedback: [] };
  throw wrongFormat();
}

export function readListenBrainzFile(bytes: Uint8Array): ListenBrainzFile {
  if (isZip(bytes)) return fromZip(bytes);
  const text = textOf(bytes);
  if (text === null) throw wrongFormat();
  return fromText(text);
}
