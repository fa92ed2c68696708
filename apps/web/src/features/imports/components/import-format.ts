import { IMPORT_SOURCE_NAMES, type ImportJob, type ImportStatus } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { intlLocale } from '../../../lib/i18n/i18n.ts';

// How an import job reads, shared by its progress section and the list of past imports, in the
// page's language (functions, not constants: a word is read when it is shown, ADR 56).

/** "1,204" ("1.204" in German). */
export const formatNumber = (n: number) => new Intl.NumberFormat(intlLocale()).format(n);

/** "Waiting to start", "Importing", "Finished", "Failed". */
export function statusLabel(status: ImportStatus): string {
  const labels: Record<ImportStatus, string> = {
    queued: t`Waiting to start`,
    running: t`Importing`,
    done: t`Finished`,
    failed: t`Failed`,
  };
  return labels[status];
}

/** "RateYourMusic: ratings.csv". */
export const jobTitle = (job: ImportJob) => `${IMPORT_SOURCE_NAMES[job.source]}: ${job.fileName}`;

/** A count and its words on one line: a narrow screen wraps between counts, not inside "12 to resolve". */
const unbroken = (text: string) => text.replaceAll(' ', '\u00a0');

/** "260 matched · 12 to resolve · 0 skipped · 8 errors". */
export function jobTally(job: ImportJob): string {
  const matched = formatNumber(job.matched);
  const unmatched = formatNumber(job.unmatched);
  const skipped = formatNumber(job.skipped);
  const errors = job.errors;
  return [
    t`${matched} matched`,
    t`${unmatched} to resolve`,
    t`${skipped} skipped`,
    plural(errors, { one: '# error', other: '# errors' }),
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
  const { listens, listenAlbums } = job;
  if (listens === 0) return '';
  return t`${plural(listens, { one: '# listen', other: '# listens' })} in ${plural(listenAlbums, { one: '# album', other: '# albums' })}`;
}

/** "296 listens in 32 albums · 280 of 300 rows read · 260 matched · 12 to resolve · 0 skipped · 8 errors". */
export function jobCounts(job: ImportJob): string {
  const done = formatNumber(job.doneRows);
  const total = job.totalRows;
  const read = plural(total, { one: `${done} of # row read`, other: `${done} of # rows read` });
  return [listensHeld(job), read].filter(Boolean).map(unbroken).concat(jobTally(job)).join(' · ');
}

/** What the live region says once a watched job stops. */
export function finishedAnnouncement(job: ImportJob): string {
  const { message } = job;
  if (job.status === 'failed') return message ? t`Import failed: ${message}` : t`Import failed`;
  const matched = formatNumber(job.matched);
  const unmatched = formatNumber(job.unmatched);
  const errors = job.errors;
  return plural(errors, {
    one: `Import finished: ${matched} matched, ${unmatched} to resolve, # error`,
    other: `Import finished: ${matched} matched, ${unmatched} to resolve, # errors`,
  });
}

/** "12 Mar 2026, 14:05" ("12.03.2026, 14:05" in German), in the reader's own time zone. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}
