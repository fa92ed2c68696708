import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPORT_EMPTY,
  IMPORT_MAX_ROWS,
  IMPORT_NOT_FOUND,
  IMPORT_ROW_NOT_FOUND,
  IMPORT_ROW_NOT_OPEN,
  IMPORT_ROWS_PAGE_SIZE,
  IMPORT_RUNNING,
  IMPORT_TOO_MANY_ROWS,
  type ImportJob,
  type ImportRow,
  type ImportRowPage,
  type ImportRowsQuery,
  type ImportSource,
  type ImportStatus,
  todayUtc,
} from '@liner/shared';
import type { DatabaseHandle, Db, Dialect } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, conflict, notFound, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { readKeys } from '../../lib/read-cache.ts';
import { nameKey } from '../../lib/search-text.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type SummaryRow, toAlbumSummary } from '../catalog/index.ts';
import { ImportFormatError, type ParsedRow } from './formats/types.ts';
import {
  deleteJob,
  findActiveJobOf,
  findJob,
  findRow,
  finishStoring,
  insertJob,
  insertRows,
  type JobRow,
  listJobsOf,
  listRows,
  listUnmatchedNamedLike,
  moveRow,
  type RowRow,
  STORING,
  setRowMessage,
} from './imports.repository.ts';
import type { ImportsNeeds } from './index.ts';
import type { FileTotals, RowSink } from './parse-off-thread.ts';
import { applyRow, type Target } from './row-apply.ts';
import { rowSummary } from './row-summary.ts';

/** How long a file may take to be stored before its job is taken for abandoned. */
const STORING_LEASE_MS = 5 * 60_000;

/** Past imports shown on the page. */
const JOBS_SHOWN = 20;
/** Longer ids never exist. */
const ID_MAX = 64;
/** Rows of the same name one resolve takes along; a file naming an album more often is resolved again. */
const SIBLINGS_RESOLVED = 500;

export function toImportJob(job: JobRow): ImportJob {
  return {
    id: job.id,
    source: job.source as ImportSource,
    fileName: job.file_name,
    status: job.status as ImportStatus,
    totalRows: job.total_rows,
    doneRows: job.done_rows,
    matched: job.matched,
    unmatched: job.unmatched,
    skipped: job.skipped,
    errors: job.errors,
    listens: job.listens,
    listenAlbums: job.listen_albums,
    message: job.message,
    createdAt: job.created_at,
    finishedAt: job.finished_at,
  };
}

export function parsedRowOf(row: RowRow): ParsedRow {
  return JSON.parse(row.data) as ParsedRow;
}

/** A file name as shown: its last path part, without control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'import').slice(0, 200);
}

/**
 * Imports (ADR 38): a file is parsed and stored as rows at once, then read in the
 * background by the worker (import-worker.ts); the person resolves or skips what matched nothing.
 * One import at a time each, checked under the person's profile lock.
 */
export class ImportsService {
  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(
    database: DatabaseHandle,
    /** Reads a file into rows (off the event loop: parse-off-thread.ts); ImportFormatError for another kind. */
    private readonly parse: (source: ImportSource, bytes: Buffer, today: string, sink: RowSink) => Promise<FileTotals>,
    private readonly deps: ImportsNeeds,
  ) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  get matcherDeps() {
    return { catalog: this.deps.catalog, musicSearch: this.deps.musicSearch, musicbrainz: this.deps.musicbrainz };
  }

  /**
   * Reads the file and stores it as a queued job (nothing else is written yet). 400 with the
   * source's message for a file of another kind, an empty one or one with too many rows; 409 while
   * another import of this person is unfinished. `lease` lets the CLI hold the job from the start.
   *
   * The job is written first, held by a storing lease so no reader takes it half stored; its rows
   * follow a batch at a time, each batch its own short transaction with a turn of the event loop
   * after it (one transaction of 50,000 rows held SQLite, and so every request, for most of a
   * second). A process that dies while storing leaves the lease to lapse, and the reader then
   * fails the job (import-worker.ts) rather than read half a file.
   */
  async start(
    userId: string,
    upload: { source: ImportSource; fileName: string; bytes: Buffer },
    lease?: { holder: string; until: string },
  ): Promise<ImportJob> {
    const now = new Date().toISOString();
    const job: JobRow = {
      id: newId(),
      user_id: userId,
      source: upload.source,
      file_name: cleanFileName(upload.fileName),
      status: 'queued',
      total_rows: 0,
      done_rows: 0,
      matched: 0,
      unmatched: 0,
      skipped: 0,
      errors: 0,
      listens: 0,
      listen_albums: 0,
      message: null,
      lease_holder: `${STORING}${randomUUID()}`,
      lease_until: new Date(Date.now() + STORING_LEASE_MS).toISOString(),
      created_at: now,
      finished_at: null,
    };
    try {
      await withTransaction(this.db, async (trx) => {
        // Two uploads at once from one person: the second waits here and then sees the first.
        await lockProfiles(trx, this.dialect, [userId]);
        if (await findActiveJobOf(trx, userId)) throw conflict(IMPORT_RUNNING);
        await insertJob(trx, job);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', 'User not found');
      throw error;
    }
    let totals: FileTotals;
    try {
      let rowNo = 0;
      totals = await this.parse(upload.source, upload.bytes, todayUtc(), async (rows) => {
        const stored = rows.map((row) => ({
          ...row,
          job_id: job.id,
          row_no: ++rowNo,
          album_id: null,
          candidates: null,
        }));
        await withTransaction(this.db, (trx) => insertRows(trx, stored));
        await nextTurn();
      });
      if (totals.total === 0) throw badRequest(IMPORT_EMPTY);
      if (totals.total > IMPORT_MAX_ROWS) throw badRequest(IMPORT_TOO_MANY_ROWS);
    } catch (error) {
      await deleteJob(this.db, job.id);
      if (error instanceof ImportFormatError) throw badRequest(error.message);
      throw error;
    }
    const allBad = totals.errors === totals.total;
    const stored: JobRow = {
      ...job,
      status: allBad ? 'done' : 'queued',
      total_rows: totals.total,
      done_rows: totals.errors,
      errors: totals.errors,
      listens: totals.listens,
      listen_albums: totals.listenAlbums,
      lease_holder: lease?.holder ?? null,
      lease_until: lease?.until ?? null,
      finished_at: allBad ? new Date().toISOString() : null,
    };
    await finishStoring(this.db, stored);
    return toImportJob(stored);
  }

  async jobs(user: SessionUser): Promise<ImportJob[]> {
    return (await listJobsOf(this.db, user.id, JOBS_SHOWN)).map(toImportJob);
  }

  async job(user: SessionUser, jobId: string): Promise<ImportJob> {
    return this.jobOf(user.id, jobId);
  }

  async jobOf(userId: string, jobId: string): Promise<ImportJob> {
    return toImportJob(await this.ownJob(userId, jobId));
  }

  /** Anyone else's import is answered as missing: its existence is nobody else's business. */
  private async ownJob(userId: string, jobId: string): Promise<JobRow> {
    const job = jobId.length > ID_MAX ? undefined : await findJob(this.db, jobId);
    if (!job || job.user_id !== userId) throw notFound(IMPORT_NOT_FOUND);
    return job;
  }

  async rows(user: SessionUser, jobId: string, query: ImportRowsQuery): Promise<ImportRowPage> {
    await this.ownJob(user.id, jobId);
    const after = query.cursor === undefined ? 0 : Number(query.cursor);
    if (!/^\d{1,9}$/.test(query.cursor ?? '0') || !Number.isSafeInteger(after)) throw badRequest('Invalid cursor');
    const rows = await listRows(this.db, jobId, { status: query.status, after, limit: IMPORT_ROWS_PAGE_SIZE + 1 });
    const page = rows.slice(0, IMPORT_ROWS_PAGE_SIZE);
    return {
      rows: await this.present(page),
      nextCursor: rows.length > IMPORT_ROWS_PAGE_SIZE ? String(page[page.length - 1]?.row_no) : null,
    };
  }

  /** Rows as the page shows them, with their albums' and candidates' cards read in one query. */
  private async present(rows: RowRow[]): Promise<ImportRow[]> {
    const candidatesOf = (row: RowRow): string[] => (row.candidates ? (JSON.parse(row.candidates) as string[]) : []);
    const ids = rows.flatMap((row) => [...(row.album_id ? [row.album_id] : []), ...candidatesOf(row)]);
    const cards = new Map(
      (await this.deps.catalog.summaries(ids)).map((row: SummaryRow) => [row.id, toAlbumSummary(row)]),
    );
    return rows.map((row) => {
      const card = row.album_id ? cards.get(row.album_id) : undefined;
      return {
        rowNumber: row.row_no,
        line: row.line,
        status: row.status as ImportRow['status'],
        artist: row.artist,
        title: row.title,
        year: row.year,
        summary: rowSummary(parsedRowOf(row)),
        message: row.message,
        album: card ?? null,
        candidates: row.status === 'unmatched' ? candidatesOf(row).flatMap((id) => cards.get(id) ?? []) : [],
      };
    });
  }

  /**
   * What a row is written into: the album, for a loved song the song of that title on it, and for
   * listens that name their songs the album's track list (an album from MusicBrainz gets its track
   * list here, as its page would).
   */
  async target(albumId: string, row: ParsedRow): Promise<Target | undefined> {
    const album = await this.deps.catalog.findAlbum(albumId);
    if (!album) return undefined;
    const namesSongs = row.kind === 'loved' || (row.kind === 'listens' && Object.keys(row.songs ?? {}).length > 0);
    if (!namesSongs) return { id: album.id, title: album.title };
    const { tracks } = await this.deps.catalog.album(album.id);
    if (row.kind !== 'loved') return { id: album.id, title: album.title, tracks };
    const song = tracks.find((track) => nameKey(track.name) === nameKey(row.track));
    return { id: album.id, title: album.title, trackId: song?.id };
  }

  /**
   * The person chose the album an unmatched row means: it is imported into it now, and so are the
   * import's other unmatched rows with the same artist and title (a file naming an album twice is
   * resolved once).
   */
  async resolve(user: SessionUser, jobId: string, rowNo: number, albumId: string): Promise<ImportRow> {
    await this.ownJob(user.id, jobId);
    const row = await this.openRow(jobId, rowNo);
    const target = albumId.length > ID_MAX * 4 ? undefined : await this.target(albumId, parsedRowOf(row));
    if (!target) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    await this.importRow(user.id, jobId, row, target, 'unmatched');
    for (const sibling of await listUnmatchedNamedLike(this.db, row, SIBLINGS_RESOLVED)) {
      const theirs = await this.target(albumId, parsedRowOf(sibling));
      // A loved song not on the chosen album waits for its own choice.
      if (!theirs || (parsedRowOf(sibling).kind === 'loved' && !theirs.trackId)) continue;
      await this.importRow(user.id, jobId, sibling, theirs, 'unmatched').catch((error: unknown) => {
        // Resolved meanwhile by another request, or refused (a full list): it keeps its state.
        if (!(error instanceof AppError)) throw error;
      });
    }
    return this.presentOne(jobId, rowNo);
  }

  async skip(user: SessionUser, jobId: string, rowNo: number): Promise<ImportRow> {
    await this.ownJob(user.id, jobId);
    await this.openRow(jobId, rowNo);
    const moved = await withTransaction(this.db, (trx) =>
      moveRow(trx, jobId, rowNo, { from: 'unmatched', to: 'skipped' }),
    );
    if (!moved) throw conflict(IMPORT_ROW_NOT_OPEN);
    return this.presentOne(jobId, rowNo);
  }

  private async openRow(jobId: string, rowNo: number): Promise<RowRow> {
    const row = await findRow(this.db, jobId, rowNo);
    if (!row) throw notFound(IMPORT_ROW_NOT_FOUND);
    if (row.status !== 'unmatched') throw conflict(IMPORT_ROW_NOT_OPEN);
    return row;
  }

  private async presentOne(jobId: string, rowNo: number): Promise<ImportRow> {
    const row = await findRow(this.db, jobId, rowNo);
    if (!row) throw notFound(IMPORT_ROW_NOT_FOUND);
    const [shown] = await this.present([row]);
    if (!shown) throw notFound(IMPORT_ROW_NOT_FOUND);
    return shown;
  }

  /**
   * Writes a row into its album and marks it imported, in one transaction under the person's
   * profile lock; a row someone else moved first (the worker, a second click) is refused with 409
   * and writes nothing. The album's cached pages are forgotten after the commit.
   */
  async importRow(
    userId: string,
    jobId: string,
    row: RowRow,
    album: Target,
    from: 'pending' | 'unmatched',
  ): Promise<void> {
    const applied = await withTransaction(this.db, async (trx: Trx) => {
      await lockProfiles(trx, this.dialect, [userId]);
      if (
        !(await moveRow(trx, jobId, row.row_no, {
          from,
          to: 'imported',
          albumId: album.id,
          candidates: null,
          message: null,
        }))
      ) {
        throw conflict(IMPORT_ROW_NOT_OPEN);
      }
      const parsed = parsedRowOf(row);
      const outcome = await applyRow(trx, this.deps, userId, parsed, album);
      // What the file's reading noted (characters replaced) and what going in did (a review cut).
      const notes = [...new Set([...(parsed.kind === 'bad' ? [] : (parsed.notes ?? [])), outcome.note ?? ''])];
      const message = notes.filter(Boolean).join(' ');
      if (message) await setRowMessage(trx, jobId, row.row_no, message);
      return outcome;
    });
    if (applied.ratingChanged) this.deps.readCache.invalidate(...readKeys.ratingsOf(album.id));
  }

  /** A row no album was found for: listed for its owner with the albums it may be. */
  async leaveUnmatched(jobId: string, row: RowRow, candidates: string[], message: string): Promise<void> {
    await withTransaction(this.db, (trx) =>
      moveRow(trx, jobId, row.row_no, { from: 'pending', to: 'unmatched', candidates, message }),
    );
  }

  /** A row that failed again and again for a reason that is not the file's: listed as an error. */
  async giveUpOn(jobId: string, row: RowRow, message: string): Promise<void> {
    await withTransaction(this.db, (trx) => moveRow(trx, jobId, row.row_no, { from: 'pending', to: 'error', message }));
  }
}
