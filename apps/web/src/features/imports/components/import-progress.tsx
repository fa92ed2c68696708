import type { ImportJob } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { Ref } from 'react';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import '../../../components/ui/progress-bar.css';
import { isActiveStatus } from '../api/get-import.ts';
import { finishedAnnouncement, formatWhen, jobCounts, jobTitle, statusLabel } from './import-format.ts';

/**
 * One job: its status, a progress bar while it is read, its counts, why it failed. The polite live
 * region is always there, empty, so that filling it when the job stops is announced.
 */
export function ImportProgress({
  job,
  finished,
  headingRef,
}: {
  job: ImportJob;
  /** The job as it stood when this page saw it stop: announced once, as it was then. */
  finished: ImportJob | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const active = isActiveStatus(job.status);
  const headingId = `import-${job.id}-heading`;
  const when = formatWhen(job.createdAt);
  return (
    <section className="import-card import-progress" aria-labelledby={headingId}>
      {/* Focused when a past import is chosen or a new one starts: the reader lands on what changed. */}
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="import-progress__title">
        {jobTitle(job)}
      </h2>
      <p className="import-progress__status">
        <span className={`import-status import-status--${job.status}`}>{statusLabel(job.status)}</span>{' '}
        <span className="muted">
          {richText(t`started <0>${when}</0>`, [(words) => <time dateTime={job.createdAt}>{words}</time>])}
        </span>
      </p>
      {active && (
        // No total yet (still queued): no value, so the bar shows that it waits rather than 0%.
        <progress
          className="progress-bar import-progress__bar"
          aria-label={t`Import progress`}
          max={job.totalRows > 0 ? job.totalRows : undefined}
          value={job.totalRows > 0 ? job.doneRows : undefined}
        />
      )}
      <p className="import-progress__counts">{jobCounts(job)}</p>
      {active && (
        <p className="muted import-progress__note">
          {t`You can leave this page: the import goes on. Rows that match no album are listed here once every row is read.`}
        </p>
      )}
      {job.status === 'failed' && job.message && <p className="form-error">{job.message}</p>}
      <p role="status" className="visually-hidden">
        {finished ? finishedAnnouncement(finished) : ''}
      </p>
    </section>
  );
}
