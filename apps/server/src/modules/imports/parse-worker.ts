import { parentPort } from 'node:worker_threads';
import { parsers } from './formats/index.ts';
import { ImportFormatError } from './formats/types.ts';
import type { ParseReply, ParseRequest } from './parse-off-thread.ts';

/**
 * The worker thread that reads an uploaded file (parse-off-thread.ts): a 20 MB file takes seconds
 * to parse, which on the server's own thread would stall every other request meanwhile.
 */
parentPort?.on('message', ({ source, bytes, today }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { rows: parsers[source](Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { today }) };
  } catch (error) {
    reply =
      error instanceof ImportFormatError
        ? { formatError: error.message }
        : { failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
