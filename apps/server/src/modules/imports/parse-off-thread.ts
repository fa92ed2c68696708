import { Worker } from 'node:worker_threads';
import type { ImportSource } from '@liner/shared';
import { createWorkQueue } from '../../lib/work-queue.ts';
import { ImportFormatError, type ParsedRow } from './formats/types.ts';

/**
 * Uploaded files are parsed on a worker thread, one at a time (issue #18): measured, a 20 MB
 * Last.fm file takes 3.6 s to parse, all of it on the event loop if done in the request, so every
 * other request of every visitor would wait that long. A busy queue answers 503 with Retry-After.
 */

export interface ParseRequest {
  source: ImportSource;
  bytes: Uint8Array;
  today: string;
}

export type ParseReply = { rows: ParsedRow[] } | { formatError: string } | { failure: string };

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

function parseInWorker(request: ParseRequest): Promise<ParsedRow[]> {
  const { url, execArgv } = workerScript();
  return new Promise((resolve, reject) => {
    // Without execArgv the worker takes the process's own flags (--enable-source-maps).
    const worker = new Worker(url, execArgv ? { execArgv } : {});
    const done = () => void worker.terminate();
    worker.once('message', (reply: ParseReply) => {
      done();
      if ('rows' in reply) resolve(reply.rows);
      else if ('formatError' in reply) reject(new ImportFormatError(reply.formatError));
      else reject(new Error(`Parsing the file failed: ${reply.failure}`));
    });
    worker.once('error', (error) => {
      done();
      reject(error);
    });
    worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  });
}

/** The file's rows, parsed off the event loop; throws ImportFormatError for a file of another kind. */
export function parseOffThread(source: ImportSource, bytes: Buffer, today: string): Promise<ParsedRow[]> {
  // A copy the worker can own: the upload's buffer may share its memory with Node's pool.
  const own = new Uint8Array(bytes);
  return queue.run(() => parseInWorker({ source, bytes: own, today }));
}
