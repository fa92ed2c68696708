import { readFileSync, writeFileSync } from 'node:fs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_MANY_ROWS, type ImportSource } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_DAMAGED, ARCHIVE_TOO_MANY_FILES } from '../modules/imports/formats/index.ts';
import {
  rymCsv,
  rymOfShortRows,
  zip64Claiming,
  zipOfShortLines,
  zipUnderstatingItsSize,
} from '../test/import-files/fixtures.ts';
import {
  createServerData,
  request,
  type ServerData,
  type ServerProcess,
  signUp,
  startServer,
} from '../test/server-process.ts';

/**
 * Imports against the real server process, on SQLite and PostgreSQL: files built to take it down,
 * and the largest file it accepts while others use the site. A separate process, so what is
 * measured is the server alone: its peak resident memory (the kernel's VmHWM) and how long a
 * visitor's request waits, timed by this process, whose own clock the server cannot stall.
 * DESIGN.md's budget: no request waits more than a second during an import, and an import fits in
 * the 512 MB an instance is given.
 */

let data: ServerData;
let server: ServerProcess;
let member: { id: string; cookie: string };
const IP = '10.77.0.1';

beforeAll(async () => {
  data = await createServerData('imports');
  server = await startServer(data);
  member = await signUp(server.base, 'importer', IP);
}, 60_000);
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await data.dispose();
});

/** The server's resident memory now (VmRSS) or at its peak since the last reset (VmHWM), in MB. */
function memoryMb(field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
}

/** Starts a new peak from what the server holds now (Linux: 5 written to clear_refs resets VmHWM). */
function startPeak(): number {
  writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5');
  return memoryMb('VmRSS');
}

async function upload(source: ImportSource, bytes: Buffer, fileName: string) {
  const form = new FormData();
  form.append('source', source);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/imports`, {
    method: 'POST',
    headers: { cookie: member.cookie, origin: server.base, 'x-forwarded-for': IP },
    body: form,
  });
  const body = (await res.json()) as { id?: string; error?: { message: string } };
  return { status: res.status, body, ms: performance.now() - started };
}

/** /api/health asked every 50 ms until stopped: the longest any answer took. */
function probeHealth() {
  const waits: number[] = [];
  let stopped = false;
  const probing = (async () => {
    while (!stopped) {
      const started = performance.now();
      const answer = await request(server.base, 'GET', '/api/health');
      waits.push(answer.status === 200 ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await probing;
      return { probes: waits.length, worstMs: Math.round(Math.max(...waits)) };
    },
  };
}

describe('uploads built to hurt the importer', () => {
  const attacks: [string, ImportSource, () => Buffer, string][] = [
    ['a 130-byte ZIP64 claiming four billion entries', 'listenbrainz', () => zip64Claiming(), ARCHIVE_TOO_MANY_FILES],
    ['a ZIP64 claiming 20 million entries', 'listenbrainz', () => zip64Claiming(20_000_000), ARCHIVE_TOO_MANY_FILES],
    ['a zip whose entry inflates past its stated size', 'listenbrainz', zipUnderstatingItsSize, ARCHIVE_DAMAGED],
    ['a few KB of zip holding 2 million lines', 'listenbrainz', () => zipOfShortLines(), IMPORT_TOO_MANY_ROWS],
    ['a 4 MB CSV of 2 million one-character rows', 'rym', () => rymOfShortRows(), IMPORT_TOO_MANY_ROWS],
    ['a 20 MB CSV of such rows', 'rym', () => rymOfShortRows(IMPORT_MAX_BYTES / 2 - 200), IMPORT_TOO_MANY_ROWS],
  ];

  it('refuses each one at once with its reason, and the server stays up and small', async () => {
    const before = startPeak();
    const seen: Record<string, number> = {};
    for (const [name, source, build, message] of attacks) {
      const answer = await upload(source, build(), 'attack.zip');
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.message, name).toBe(message);
      expect(answer.ms, name).toBeLessThan(5000);
      seen[name] = Math.round(answer.ms);
    }
    expect((await request(server.base, 'GET', '/api/health')).status).toBe(200);
    const grown = memoryMb('VmHWM') - before;
    console.info(`attacks refused: ${JSON.stringify({ ms: seen, peakMemoryGrowthMb: grown })}`);
    expect(grown).toBeLessThan(256);
  }, 60_000);
});

/** Seed albums (matched: a rating, the collection, a review) among names no catalogue has (searched, left unmatched). */
const SEEDED = [
  { lastName: 'Miles Davis', title: 'Kind of Blue', year: 1959 },
  { lastName: 'The Beatles', title: 'Abbey Road', year: 1969 },
  { lastName: 'Pink Floyd', title: 'The Dark Side of the Moon', year: 1973 },
];

/** 50,000 rows with reviews, as close to the 20 MB limit as rows of that many allow. */
function largestRymFile(): Buffer {
  const review = 'A long listen, returned to often; the second side most of all. '.repeat(5);
  const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => {
    const seeded = SEEDED[i % 40];
    if (seeded) return { ...seeded, rating: 6 + (i % 5), review };
    return { lastName: `Band ${i % 997}`, title: `Record number ${i}`, year: 1990 + (i % 30), rating: 7, review };
  });
  return rymCsv(rows);
}

describe('the largest allowed file', () => {
  it('is stored and read while every other request is answered within a second, in bounded memory', async () => {
    const bytes = largestRymFile();
    expect(bytes.length).toBeGreaterThan(IMPORT_MAX_BYTES * 0.9);
    const before = startPeak();
    const probe = probeHealth();
    const answer = await upload('rym', bytes, 'rym.csv');
    expect(answer.status).toBe(201);
    // Reading every row takes minutes; a request's wait depends on the longest step, not on how
    // many steps there are, so a few hundred rows read in the background are the measure.
    let job: { totalRows: number; doneRows: number } = { totalRows: 0, doneRows: 0 };
    for (let i = 0; i < 400 && job.doneRows < 300; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await request(server.base, 'GET', `/api/imports/${answer.body.id}`, { cookie: member.cookie, ip: IP }))
        .body as typeof job;
    }
    const waited = await probe.stop();
    const peak = memoryMb('VmHWM');
    console.info(
      `largest import: ${JSON.stringify({ ...waited, uploadMs: Math.round(answer.ms), rowsRead: job.doneRows, peakMemoryMb: peak, before })}`,
    );
    expect(job.totalRows).toBe(IMPORT_MAX_ROWS);
    expect(job.doneRows).toBeGreaterThanOrEqual(300);
    expect(waited.worstMs).toBeLessThan(1000);
    expect(peak - before).toBeLessThan(256);
  }, 90_000);
});
