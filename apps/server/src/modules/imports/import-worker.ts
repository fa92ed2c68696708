import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { pause } from '../../lib/pause.ts';
import { AlbumMatcher, NO_SUCH_ALBUM } from './album-matcher.ts';
import {
  failAbandonedJob,
  findJob,
  finishJob,
  listClaimableJobs,
  listPendingRows,
  releaseJobLease,
  renameRow,
  STORING,
  takeJobLease,
} from './imports.repository.ts';
import { type ImportsService, parsedRowOf } from './imports.service.ts';
import { RowRefused } from './row-apply.ts';

/**
 * Reads import jobs in the background (ADR 38). A job is held through a lease on its row,
 * renewed as rows are read; a process that dies leaves a lease that lapses, and whichever process
 * looks next (this one after a restart, or another instance) takes the job up at its first pending
 * row. Rows are read one at a time, each in its own transaction with what it writes, so a job cut
 * short anywhere resumes without doing anything twice.
 */

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ImportWorkerOptions {
  /** A lease lapses this long after its last renewal: longer than one row can take (MusicBrainz included). */
  leaseMs?: number;
  renewMs?: number;
  /** How often to look for jobs nobody holds (another instance's, a dead process's). */
  pollMs?: number;
  /** A row failing this many times in a row (not for the file's fault) is set aside as an error. */
  maxRowFailures?: number;
  /** Pause after a failure before the job is tried again. */
  retryMs?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** After each row: rows read and the file's total (the CLI's progress bar). */
  onProgress?: (done: number, total: number) => void;
  /** Stop after this many rows, leaving the rest pending (a turn of several jobs; tests: an import cut short). */
  maxRows?: number;
  /** Stop once this long has passed, after the row at hand (a turn of several jobs). */
  maxMs?: number;
}

const PAGE = 50;
/** A job's turn when several wait: this many rows or this long, whichever ends first. */
const SLICE_ROWS = 200;
const SLICE_MS = 5000;
/** Jobs looked at in one round of turns. */
const CLAIMED_AT_ONCE = 20;
export const UPLOAD_CUT_SHORT = 'The upload stopped before the whole file was stored. Import the file again.';
export const ROW_FAILED = 'This row could not be imported because of an error on our side';

export class ImportWorker {
  readonly holder = randomUUID();
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A kick that came while the worker was busy: it looks again before resting. */
  private kicked = false;
  private readonly leaseMs: number;
  private readonly renewMs: number;

  constructor(
    private readonly db: Db,
    private readonly imports: ImportsService,
    private readonly log: WorkerLog,
    private readonly options: ImportWorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 2 * 60_000;
    this.renewMs = options.renewMs ?? 20_000;
  }

  /** A lease for a job this holder starts itself (the CLI): nobody else takes it meanwhile. */
  newLease(now = Date.now()): { holder: string; until: string } {
    return { holder: this.holder, until: new Date(now + this.leaseMs).toISOString() };
  }

  /** Starts looking for jobs; runs until stop(), its errors logged, never thrown. */
  start(): void {
    this.running ??= this.loop();
  }

  /** A job was just queued: look now rather than at the next poll. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    const { signal } = this.abort;
    while (!signal.aborted) {
      this.kicked = false;
      const worked = await this.runWaiting({ signal }).catch((error: unknown) => {
        this.log.warn({ err: error }, 'Imports could not be read; trying again shortly');
        return false;
      });
      if (signal.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, worked || this.kicked ? 0 : (this.options.pollMs ?? 30_000));
        this.wake = done;
        function done() {
          clearTimeout(timer);
          resolve();
        }
      });
      this.wake = undefined;
    }
  }

  /**
   * Reads the jobs nobody holds in turns: a slice of each (a few seconds or SLICE_ROWS rows), then
   * the next, round and round until none is left. One person's 50,000 rows (or hours of
   * MusicBrainz look-ups) then delay another's small file by a slice, not by the whole job; each
   * person has one job at a time, so turns between jobs are turns between people. True when
   * there was a job.
   */
  async runWaiting(options: RunOptions = {}): Promise<boolean> {
    let found = false;
    for (;;) {
      const jobs = await listClaimableJobs(this.db, new Date().toISOString(), CLAIMED_AT_ONCE);
      if (jobs.length === 0) return found;
      found = true;
      for (const { id, lease_holder } of jobs) {
        if (options.signal?.aborted) return found;
        if (lease_holder?.startsWith(STORING)) {
          await failAbandonedJob(this.db, id, lease_holder, {
            message: UPLOAD_CUT_SHORT,
            at: new Date().toISOString(),
          });
          continue;
        }
        await this.runJob(id, { ...options, maxRows: SLICE_ROWS, maxMs: SLICE_MS });
      }
    }
  }

  /**
   * Reads one job's pending rows in order while this worker holds its lease. Ends with the job
   * done, or leaves it for later: cut short (signal, maxRows), the lease lost to another process,
   * or a failure (after a pause the next run takes it again).
   */
  async runJob(jobId: string, options: RunOptions = {}): Promise<'done' | 'left' | 'held'> {
    // Called directly (the CLI, tests), a job runs until done unless the caller passes a signal.
    const signal = options.signal ?? new AbortController().signal;
    const started = Date.now();
    let renewed = started;
    const renew = async () => {
      const now = Date.now();
      const held = await takeJobLease(
        this.db,
        jobId,
        this.holder,
        new Date(now).toISOString(),
        new Date(now + this.leaseMs).toISOString(),
      );
      renewed = now;
      return held;
    };
    if (!(await renew())) return 'held';
    const job = await findJob(this.db, jobId);
    if (!job) return 'left';
    const matcher = new AlbumMatcher(this.imports.matcherDeps, signal);
    let read = 0;
    let done = job.done_rows;
    const failures = new Map<number, number>();
    options.onProgress?.(done, job.total_rows);
    try {
      for (;;) {
        const rows = await listPendingRows(this.db, jobId, PAGE);
        if (rows.length === 0) {
          await finishJob(this.db, jobId, this.holder, { status: 'done', message: null, at: new Date().toISOString() });
          return 'done';
        }
        for (const row of rows) {
          const turnOver =
            (options.maxRows !== undefined && read >= options.maxRows) ||
            (options.maxMs !== undefined && Date.now() - started >= options.maxMs);
          if (signal.aborted || turnOver) {
            await releaseJobLease(this.db, jobId, this.holder);
            return 'left';
          }
          if (Date.now() - renewed > this.renewMs && !(await renew())) return 'left';
          try {
            await this.readRow(job.user_id, jobId, row, matcher);
            failures.delete(row.row_no);
          } catch (error) {
            if (signal.aborted) continue;
            if (error instanceof AppError && error.statusCode === 409) {
              // Someone moved the row first (a lapsed lease taken over): it is theirs.
            } else {
              const count = (failures.get(row.row_no) ?? 0) + 1;
              failures.set(row.row_no, count);
              this.log.warn({ err: error, jobId, row: row.row_no }, 'An import row failed; it is tried again');
              if (count < (this.options.maxRowFailures ?? 3)) {
                await pause(this.options.retryMs ?? 2000, signal);
                // Read the page again from this row.
                break;
              }
              await this.imports.giveUpOn(jobId, row, ROW_FAILED);
            }
          }
          read++;
          done++;
          options.onProgress?.(done, job.total_rows);
          // Load-bearing: on SQLite every query runs synchronously and resolves at once, so without
          // this turn of the event loop a whole job would run before any other request is heard.
          await nextTurn();
        }
      }
    } catch (error) {
      // Our database failing: the job keeps its rows and its lease lapses, so it is taken up later.
      this.log.warn({ err: error, jobId }, 'An import stopped; it resumes later');
      return 'left';
    }
  }

  private async readRow(
    userId: string,
    jobId: string,
    pendingRow: Parameters<ImportsService['importRow']>[2],
    matcher: AlbumMatcher,
  ) {
    let row = pendingRow;
    let parsed = parsedRowOf(row);
    if (parsed.kind === 'bad') return;
    if (parsed.kind === 'loved' && !parsed.track && parsed.recordingMbid) {
      // A love no listen names: MusicBrainz says which song and album it is, and the row is
      // named so (on the page too), then read as any loved song.
      const found = await matcher.recording(parsed.recordingMbid);
      if (typeof found === 'string') return this.imports.giveUpOn(jobId, row, found);
      parsed = { ...parsed, artist: found.artist, title: found.album, track: found.track, albumMbid: found.albumMbid };
      row = await renameRow(this.db, row, parsed);
    }
    const otherNames =
      parsed.kind === 'album' ? parsed.localizedArtist : parsed.kind === 'listens' ? parsed.mainArtist : null;
    const outcome = await matcher.match({
      artist: parsed.artist,
      otherArtistNames: otherNames ? [otherNames] : [],
      title: parsed.title,
      year: parsed.kind === 'album' ? parsed.year : null,
      albumMbid: parsed.kind === 'album' ? null : parsed.albumMbid,
      releaseMbid: parsed.kind === 'album' ? null : parsed.releaseMbid,
    });
    if (outcome.albumId) {
      const target = await this.imports.target(outcome.albumId, parsed);
      if (target && parsed.kind === 'loved' && !target.trackId) {
        // The album is right but the song is not on it as named: the person picks again or skips.
        const message = `${target.title} has no song called “${parsed.track}”`;
        return this.imports.leaveUnmatched(jobId, row, [target.id], message);
      }
      if (target) {
        try {
          return await this.imports.importRow(userId, jobId, row, target, 'pending');
        } catch (error) {
          if (error instanceof RowRefused) return this.imports.giveUpOn(jobId, row, error.message);
          throw error;
        }
      }
    }
    await this.imports.leaveUnmatched(jobId, row, outcome.candidates, outcome.message ?? NO_SUCH_ALBUM);
  }
}

/** Starts the worker when the app listens, stops it (between two rows) when the app closes. */
export function registerImportWorker(app: FastifyInstance, worker: ImportWorker): void {
  app.addHook('onListen', (done) => {
    worker.start();
    done();
  });
  app.addHook('preClose', async () => worker.stop());
}
