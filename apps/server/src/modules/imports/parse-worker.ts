import { parentPort } from 'node:worker_threads';
import { cleanRow } from './formats/clean-row.ts';
import { parsers } from './formats/index.ts';
import { ImportFormatError, type ParsedRow } from './formats/types.ts';
import type { ParseReply, ParseRequest } from './parse-off-thread.ts';
import { storedRowOf } from './stored-row.ts';

/**
 * The worker thread that reads an uploaded file (parse-off-thread.ts): a 20 MB file takes seconds
 * to parse, which on the server's own thread would stall every other request meanwhile. Rows go
 * back in batches, each sent when the server has written the one before ('next'): one batch is
 * cheap to receive, and rows never pile up on the server's side.
 */
const BATCH = 500;

function send(reply: ParseReply): void {
  parentPort?.postMessage(reply);
}

function nextRequested(): Promise<void> {
  return new Promise((resolve) => parentPort?.once('message', () => resolve()));
}

parentPort?.once('message', async ({ source, bytes, today }: ParseRequest) => {
  let rows: ParsedRow[];
  try {
    rows = parsers[source](Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { today });
  } catch (error) {
    send(
      error instanceof ImportFormatError
        ? { formatError: error.message }
        : { failure: error instanceof Error ? error.message : String(error) },
    );
    return;
  }
  const totals = { total: rows.length, errors: 0, listens: 0, listenAlbums: 0 };
  for (const row of rows) {
    if (row.kind === 'bad') totals.errors += 1;
    if (row.kind === 'listens') {
      totals.listens += row.plays;
      totals.listenAlbums += 1;
    }
  }
  // Made a batch at a time: the stored form (JSON) of every row at once would double the memory.
  for (let at = 0; at < rows.length; at += BATCH) {
    send({ rows: rows.slice(at, at + BATCH).map((row) => storedRowOf(cleanRow(row))) });
    await nextRequested();
  }
  send({ done: totals });
});
