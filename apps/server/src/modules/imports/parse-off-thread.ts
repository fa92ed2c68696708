import { Worker } from 'node:worker_threads';
import type { ImportSource } from '@liner/shared';
import { createWorkQueue } from '../../lib/work-queue.ts';
import { ImportFormatError } from './formats/types.ts';
import type { StoredRow } from './stored-row.ts';

/**
 * Uploaded files are parsed on a worker thread, one at a time: measured, a 20 MB
 * Last.fm file takes 3.6 s to parse, all of it on the event loop if done in the request, so every
 * other request of every visitor would wait that long. A busy queue answers 503 with Retry-After.
 */

export interface ParseRequest {
  source: ImportSource;
  bytes: Uint8Array;
  today: string;
}

/** Rows in batches, then the file's totals; or why the file cannot be read. */
export type ParseReply = { rows: StoredRow[] } | { done: FileTotals } | { formatError: string } | { failure: string };

export interface FileTotals {
  total: number;
  errors: number;
  /** Listens in a listening history, and the albums (rows) they group into. */
  listens: number;
  listenAlbums: number;
}

/** Writes one batch of rows; the next batch is asked for once it has. */
export type RowSink = (rows: StoredRow[]) => Promise<void>;

/** The worker's script: beside this file under tsx, beside the entry points in the bundle (ADR 28). */
function workerScript(): { url: URL; execArgv?: string[] } {
  const here = import.meta.url;
  // TypeScript (tests, `npm run dev`): an entry that registers tsx first, and no flag of the test runner's.
  if (here.endsWith('.ts')) return { url: new URL('./parse-worker-tsx.mjs', here), execArgv: [] };
  // Bundled code sits in the output directory or in its chunks/ (scripts/build-server.mjs).
  const dir = new URL('.', here);
  const outdir = dir.pathname.endsWith('/chunks/') ? new URL('..', dir) : dir;
  return { url: new URL('import-parse-worker.js', outdir) };
}

const queue = createWorkQueue({
  concurrency: 1,
  maxWaiting: 4,
  busyMessage: 'Imports are busy reading other files. Try again in a minute.',
  retryAfterSeconds: 30,
});

/**
 * What one parse may use. A file is read a piece at a time into at most 50,000 rows; measured,
 * a 20 MB RateYourMusic file with reviews grows the process by 142 MB, a 20 MB Last.fm file of
 * 260,000 scrobbles by 216 MB and a ListenBrainz zip of 250,000 listens by 235 MB (the worker's
 * own start included). A file built to need more ends this worker, not the server: the person is
 * told, and the instance stays within the 512 MB the README asks for.
 */
const WORKER_HEAP_MB = 192;
/** Measured, the largest files above are read and stored in 4 to 12 s; one taking far longer is refused. */
const PARSE_TIME_LIMIT_MS = 60_000;
export const IMPORT_TOO_HEAVY =
  'The file is too large or too complex to read. Split it into smaller files and import each.';
export const IMPORT_TOO_SLOW = 'Reading the file took too long. Split it into smaller files and import each.';

function parseInWorker(request: ParseRequest, sink: RowSink): Promise<FileTotals> {
  const { url, execArgv } = workerScript();
  return new Promise((resolve, reject) => {
    // Without execArgv the worker takes the process's own flags (--enable-source-maps).
    const worker = new Worker(url, {
      ...(execArgv ? { execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const timer = setTimeout(() => finish(() => reject(new ImportFormatError(IMPORT_TOO_SLOW))), PARSE_TIME_LIMIT_MS);
    let settled = false;
    function finish(settle: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    }
    worker.on('message', (reply: ParseReply) => {
      if ('rows' in reply) {
        sink(reply.rows).then(
          () => worker.postMessage('next'),
          (error: unknown) => finish(() => reject(error)),
        );
      } else if ('done' in reply) {
        finish(() => resolve(reply.done));
      } else if ('formatError' in reply) {
        finish(() => reject(new ImportFormatError(reply.formatError)));
      } else {
        finish(() => reject(new Error(`Parsing the file failed: ${reply.failure}`)));
      }
    });
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportFormatError(IMPORT_TOO_HEAVY) : error)),
    );
    worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  });
}

/**
 * Reads the file off the event loop, handing its rows to `sink` a batch at a time; the file's
 * totals at the end. Throws ImportFormatError for a file of another kind, before any row.
 */
export function parseOffThread(source: ImportSource, bytes: Buffer, today: string, sink: RowSink): Promise<FileTotals> {
  // The worker takes the bytes' memory: a copy when the buffer shares it (Node's pool, a slice).
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const own = whole ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
  return queue.run(() => parseInWorker({ source, bytes: own, today }, sink));
}
