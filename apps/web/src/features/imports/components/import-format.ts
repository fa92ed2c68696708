import { IMPORT_SOURCE_NAMES, type ImportJob, type ImportStatus } from '@liner/shared';

// How an import job reads, shared by its progress section and the list of past imports.

const numbers = new Intl.NumberFormat('en');

/** "1,204". */
export const formatNumber = (n: number) => numbers.format(n);

/** "1 error", "1,204 errors". */
export function count(n: number, one: string, many: string): string {
  return `${numbers.format(n)} ${n === 1 ? one : many}`;
}

export const STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Failed',
};

/** "RateYourMusic: ratings.csv". */
export const jobTitle = (job: ImportJob) => `${IMPORT_SOURCE_NAMES[job.source]}: ${job.fileName}`;

/** A count and its words on one line: a narrow screen wraps between counts, not inside "12 to resolve". */
const unbroken = (text: string) => text.replaceAll(' ', '\u00a0');

/** "260 matched · 12 to resolve · 0 skipped · 8 errors". */
export function jobTally(job: ImportJob): string {
  return [
    `${numbers.format(job.matched)} matched`,
    `${numbers.format(job.unmatched)} to resolve`,
    `${numbers.format(job.skipped)} skipped`,
    count(job.errors, 'error', 'errors'),
  ]
    .map(unbroken)
    .join(' · ');
}

/**
 * "296 listens in 32 albums": a listening history in the words people count it in (its rows are
 * albums, loved songs and lines that could not be read). Empty for ratings, and for imports stored
 * before these were counted.
 */
export function listensHeld(job: ImportJob): string {
  if (job.listens === 0) return '';
  return `${count(job.listens, 'listen', 'listens')} in ${count(job.listenAlbums, 'album', 'albums')}`;
}

/** "296 listens in 32 albums · 280 of 300 rows read · 260 matched · 12 to resolve · 0 skipped · 8 errors". */
export function jobCounts(job: ImportJob): string {
  const read = `${numbers.format(job.doneRows)} of ${count(job.totalRows, 'row', 'rows')} read`;
  return [listensHeld(job), read].filter(Boolean).map(unbroken).concat(jobTally(job)).join(' · ');
}

/** What the live region says once a watched job stops. */
export function finishedAnnouncement(job: ImportJob): string {
  if (job.status === 'failed') return `Import failed${job.message ? `: ${job.message}` : ''}`;
  return `Import finished: ${numbers.format(job.matched)} matched, ${numbers.format(job.unmatched)} to resolve, ${count(job.errors, 'error', 'errors')}`;
}

/** "12 Mar 2026, 14:05", in the reader's own time zone. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
