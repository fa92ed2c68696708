import { AUDIT_ACTION_LABELS } from '@liner/shared';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import './moderation.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Audit log: every admin action, newest first — who, what, on what, why, when. Nothing here deletes. */
export function AuditLogSection() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="card admin-card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <p className="moderation-intro">Every action taken from this dashboard, newest first. Entries are kept.</p>
      {log.isPending ? (
        <PendingState fetchStatus={log.fetchStatus} className="admin-card__state" />
      ) : log.isError && entries.length === 0 ? (
        <div className="form-error" role="alert">
          Failed to load the audit log: {userMessage(log.error, 'Please try again.')}{' '}
          <button type="button" className="btn" onClick={() => log.refetch()}>
            Retry
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="admin-card__state">No admin actions yet.</p>
      ) : (
        <>
          <ol className="moderation-list audit-log" aria-label="Admin actions">
            {entries.map((entry) => (
              <li key={entry.id} className="audit-entry">
                <p className="audit-entry__line">
                  <strong>{AUDIT_ACTION_LABELS[entry.action]}</strong>
                  {entry.subject?.label && <> · {entry.subject.label}</>}
                </p>
                <p className="moderation-item__meta">
                  <span>
                    By {entry.actor.displayName}
                    {entry.actor.userId === null && ' (account deleted)'}
                  </span>
                  <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                  {entry.detail && <span>{entry.detail}</span>}
                </p>
                {entry.note && <p className="audit-entry__note">Note: {entry.note}</p>}
              </li>
            ))}
          </ol>
          {log.hasNextPage && (
            <button
              type="button"
              className="btn moderation-more"
              onClick={() => log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
