import type { FastifyInstance } from 'fastify';
import { pause } from '../../../lib/pause.ts';
import { type ReadCache, readKeys } from '../../../lib/read-cache.ts';
import { type MatchSummary, matchCatalog, withMatchLease } from './match.ts';
import type { MusicBrainzCatalog } from './musicbrainz.service.ts';

/**
 * The background side of `catalog match` (ADR 31): once the server listens, the albums never
 * looked up are matched at the MusicBrainz client's shared rate, so no page waits for it. An
 * outage pauses the job (backing off up to half an hour) instead of failing it; closing the app
 * ends it between two requests, or cuts the current one short.
 */

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface MatchJobOptions {
  catalog: MusicBrainzCatalog;
  log: JobLog;
  /** Matched albums' answers are forgotten so their covers show at once. */
  readCache?: ReadCache;
  /** First pause after an outage, doubled each time up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Runs that may end with failures before the job leaves the rest to the next start. */
  maxRuns?: number;
  /** How long to wait before looking again while another process holds the lease. */
  leaseWaitMs?: number;
}

/** Everything a change of an album's cover makes stale: every list showing its card, as for a rating. */
export function coverKeys(albumId: string): string[] {
  return [...readKeys.ratingsOf(albumId)];
}

export class MatchJob {
  private readonly abort = new AbortController();
  private running: Promise<void> | undefined;
  readonly totals: MatchSummary = { matched: 0, unmatched: 0, failed: 0, covers: 0, outage: false };

  constructor(private readonly options: MatchJobOptions) {}

  /** Starts the job once; it runs on its own, its errors logged, never thrown. */
  start(): void {
    this.running ??= this.run().catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'MusicBrainz matching stopped; it resumes on the next start');
    });
  }

  /** Ends the job and waits for it: no request or timer outlives the app. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** Resolves when the job has finished (tests). */
  get finished(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    const { catalog, log, readCache } = this.options;
    const { signal } = this.abort;
    const maxRuns = this.options.maxRuns ?? 8;
    let backoff = this.options.backoffMs ?? 60_000;
    for (let runs = 1; !signal.aborted; runs++) {
      const summary = await withMatchLease(catalog, (beforeEach) =>
        matchCatalog(catalog, {
          signal,
          beforeEach,
          onChanged: (albumId) => readCache?.invalidate(...coverKeys(albumId)),
          onFailure: (album, error) =>
            log.warn({ err: error, albumId: album.id }, 'MusicBrainz match failed; the album is asked again later'),
        }),
      ).catch((error: unknown): MatchSummary | undefined => {
        if (signal.aborted) return undefined;
        // Our database failing is an outage too: pause and try again, as for MusicBrainz's.
        log.warn({ err: error }, 'MusicBrainz matching could not read or write the catalogue');
        return { matched: 0, unmatched: 0, failed: 0, covers: 0, outage: true };
      });
      if (summary === undefined) return;
      if (!summary) {
        // Another instance (or the CLI) is matching: look again once its lease could have lapsed.
        await pause(this.options.leaseWaitMs ?? 2 * 60_000, signal);
        runs--;
        continue;
      }
      for (const key of ['matched', 'unmatched', 'failed', 'covers'] as const) this.totals[key] += summary[key];
      if (signal.aborted) return;
      const done = summary.failed === 0 && !summary.outage;
      const { outage: _outage, ...totals } = this.totals;
      if (done) {
        if (totals.matched + totals.unmatched + totals.failed > 0) log.info(totals, 'MusicBrainz matching finished');
        return;
      }
      if (runs >= maxRuns) {
        log.warn(totals, 'MusicBrainz matching gave up for now; the albums left are looked up after the next start');
        return;
      }
      log.warn({ ...summary, retryInMs: backoff }, 'MusicBrainz matching paused after failures; it tries again later');
      await pause(backoff, signal);
      backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30 * 60_000);
    }
  }
}

/** Starts the job when the app starts listening and stops it when the app closes. */
export function registerMatchJob(app: FastifyInstance, options: Omit<MatchJobOptions, 'log'>): MatchJob {
  const job = new MatchJob({ ...options, log: app.log });
  app.addHook('onListen', (done) => {
    job.start();
    done();
  });
  app.addHook('preClose', async () => job.stop());
  return job;
}
