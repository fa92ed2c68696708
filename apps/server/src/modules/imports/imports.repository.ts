import type { ImportRowStatus, ImportStatus } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import type { ImportJobTable, ImportRowTable } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';

/** Import jobs and their rows (migration 022, ADR 38). Counters move only here, beside the row they count. */

export type JobRow = ImportJobTable;
export type RowRow = ImportRowTable;

/** Rows written per statement: nine columns each, far under every driver's parameter limit. */
const INSERT_CHUNK = 500;

/** A lease held while a job's rows are being stored: no reader may take the job meanwhile. */
export const STORING = 'storing:';

export async function insertJob(db: Db, job: JobRow): Promise<void> {
  await db.insertInto('import_jobs').values(job).execute();
}

export async function insertRows(db: Db, rows: RowRow[]): Promise<void> {
  for (const part of chunks(rows, INSERT_CHUNK)) await db.insertInto('import_rows').values(part).execute();
}

/** Every row is stored: the job gets its counts and is handed to the readers (or the CLI's lease). */
export async function finishStoring(db: Db, job: JobRow): Promise<void> {
  const { status, total_rows, done_rows, errors, listens, listen_albums, lease_holder, lease_until, finished_at } = job;
  await db
    .updateTable('import_jobs')
    .set({ status, total_rows, done_rows, errors, listens, listen_albums, lease_holder, lease_until, finished_at })
    .where('id', '=', job.id)
    .execute();
}

/** A job whose file turned out unreadable while it was stored: it goes, with its rows. */
export async function deleteJob(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('import_rows').where('job_id', '=', jobId).execute();
  await db.deleteFrom('import_jobs').where('id', '=', jobId).execute();
}

export function findJob(db: Db, jobId: string): Promise<JobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

export function listJobsOf(db: Db, userId: string, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('import_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The person's job that is still being read, if any (one at a time each). */
export function findActiveJobOf(db: Db, userId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('import_jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

/** Unfinished jobs whose lease is free or lapsed, oldest first: the worker's queue. */
export function listClaimableJobs(
  db: Db,
  now: string,
  limit: number,
): Promise<Array<{ id: string; lease_holder: string | null }>> {
  return db
    .selectFrom('import_jobs')
    .select(['id', 'lease_holder'])
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes (or renews) a job's lease for `holder` until `until`: true when this holder has it. A lapsed
 * lease is a process that stopped mid-job; taking it resumes the job where its rows say.
 */
export async function takeJobLease(
  db: Db,
  jobId: string,
  holder: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({ lease_holder: holder, lease_until: until, status: 'running' })
    .where('id', '=', jobId)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) =>
      eb.or([eb('lease_holder', 'is', null), eb('lease_holder', '=', holder), eb('lease_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(
  db: Db,
  jobId: string,
  holder: string,
  end: { status: Extract<ImportStatus, 'done' | 'failed'>; message: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: end.status, message: end.message, finished_at: end.at, lease_holder: null, lease_until: null })
    .where('id', '=', jobId)
    .where('lease_holder', '=', holder)
    .execute();
}

/** A job whose storing lease lapsed (its process died mid-upload): failed, unless someone took it first. */
export async function failAbandonedJob(db: Db, jobId: string, holder: string, end: { message: string; at: string }) {
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', message: end.message, finished_at: end.at, lease_holder: null, lease_until: null })
    .where('id', '=', jobId)
    .where('lease_holder', '=', holder)
    .execute();
}

/** Gives a job's lease back without finishing it (the process is closing): another takes it at once. */
export async function releaseJobLease(db: Db, jobId: string, holder: string): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ lease_holder: null, lease_until: null })
    .where('id', '=', jobId)
    .where('lease_holder', '=', holder)
    .execute();
}

export function listPendingRows(db: Db, jobId: string, limit: number): Promise<RowRow[]> {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('row_no')
    .limit(limit)
    .execute();
}

export function findRow(db: Db, jobId: string, rowNo: number): Promise<RowRow | undefined> {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('row_no', '=', rowNo)
    .executeTakeFirst();
}

export function listRows(
  db: Db,
  jobId: string,
  query: { status?: ImportRowStatus; after: number; limit: number },
): Promise<RowRow[]> {
  let select = db
    .selectFrom('import_rows')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('row_no', '>', query.after)
    .orderBy('row_no')
    .limit(query.limit);
  if (query.status) select = select.where('status', '=', query.status);
  return select.execute();
}

type Counter = 'matched' | 'unmatched' | 'skipped' | 'errors';

/**
 * Moves a row from one status to the next and the job's counters with it, in the caller's
 * transaction; false (nothing changed) when the row was no longer `from`: someone else moved it
 * first, so it is never counted twice. `read` marks a pending row read (done_rows + 1).
 */
export async function moveRow(
  db: Db,
  jobId: string,
  rowNo: number,
  change: {
    from: ImportRowStatus;
    to: ImportRowStatus;
    albumId?: string | null;
    message?: string | null;
    candidates?: string[] | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('import_rows')
    .set({
      status: change.to,
      ...(change.albumId !== undefined ? { album_id: change.albumId } : {}),
      ...(change.message !== undefined ? { message: change.message } : {}),
      ...(change.candidates !== undefined
        ? { candidates: change.candidates ? JSON.stringify(change.candidates) : null }
        : {}),
    })
    .where('job_id', '=', jobId)
    .where('row_no', '=', rowNo)
    .where('status', '=', change.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  const counterOf: Partial<Record<ImportRowStatus, Counter>> = {
    imported: 'matched',
    unmatched: 'unmatched',
    skipped: 'skipped',
    error: 'errors',
  };
  const down = counterOf[change.from];
  const up = counterOf[change.to];
  await db
    .updateTable('import_jobs')
    .set((eb) => ({
      ...(change.from === 'pending' ? { done_rows: eb('done_rows', '+', 1) } : {}),
      ...(down ? { [down]: eb(down, '-', 1) } : {}),
      ...(up ? { [up]: eb(up, '+', 1) } : {}),
    }))
    .where('id', '=', jobId)
    .execute();
  return true;
}

/** A job's other unmatched rows naming the same album as one row (a file naming it twice). */
export function listUnmatchedNamedLike(db: Db, row: RowRow, limit: number): Promise<RowRow[]> {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('job_id', '=', row.job_id)
    .where('status', '=', 'unmatched')
    .where('artist', '=', row.artist)
    .where('title', '=', row.title)
    .where('row_no', '<>', row.row_no)
    .orderBy('row_no')
    .limit(limit)
    .execute();
}

/** A pending row's names and contents, learnt while reading it (a loved recording's song). */
export async function renameRow(db: Db, row: RowRow, parsed: { artist: string; title: string }): Promise<RowRow> {
  const named = { ...row, artist: parsed.artist, title: parsed.title, data: JSON.stringify(parsed) };
  await db
    .updateTable('import_rows')
    .set({ artist: named.artist, title: named.title, data: named.data })
    .where('job_id', '=', row.job_id)
    .where('row_no', '=', row.row_no)
    .where('status', '=', 'pending')
    .execute();
  return named;
}

/** A note on a row that went in, in the caller's transaction (a review cut to length). */
export async function setRowMessage(db: Db, jobId: string, rowNo: number, message: string): Promise<void> {
  await db
    .updateTable('import_rows')
    .set({ message })
    .where('job_id', '=', jobId)
    .where('row_no', '=', rowNo)
    .execute();
}
