import type { ImportJob } from '@liner/shared';
import { formatWhen, jobTally, jobTitle, listensHeld, STATUS_LABELS } from './import-format.ts';

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
      <h2 id="past-imports-heading">Past imports</h2>
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
                <time dateTime={job.createdAt}>{formatWhen(job.createdAt)}</time> · {STATUS_LABELS[job.status]} ·{' '}
                {[listensHeld(job), jobTally(job)].filter(Boolean).join(' · ')}
              </span>
              {job.id === shownId && <span className="import-history__shown">Shown above</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
