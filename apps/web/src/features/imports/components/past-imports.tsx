import type { ImportJob } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { formatWhen, jobTally, jobTitle, listensHeld, statusLabel } from './import-format.ts';

/** The last imports, newest first; choosing one shows it above. */
export function PastImports({
  jobs,
  shownId,
  onChoose,
}: {
  jobs: ImportJob[];
  shownId: string | null;
  onChoose: (importId: string) => void;
}) {
  return (
    <section className="import-card" aria-labelledby="past-imports-heading">
      <h2 id="past-imports-heading">{t`Past imports`}</h2>
      <ul className="import-history">
        {jobs.map((job) => (
          <li key={job.id}>
            <button
              type="button"
              className="import-history__item"
              aria-current={job.id === shownId ? 'true' : undefined}
              onClick={() => onChoose(job.id)}
            >
              <span className="import-history__title">{jobTitle(job)}</span>
              <span className="import-history__meta">
                <time dateTime={job.createdAt}>{formatWhen(job.createdAt)}</time> · {statusLabel(job.status)} ·{' '}
                {[listensHeld(job), jobTally(job)].filter(Boolean).join(' · ')}
              </span>
              {job.id === shownId && <span className="import-history__shown">{t`Shown above`}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
