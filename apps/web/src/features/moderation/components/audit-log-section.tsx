import type { AuditAction } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import './moderation.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(intlLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What each action is called in the log (shared's AUDIT_ACTION_LABELS, in the page's language). */
function actionLabel(action: AuditAction): string {
  const labels: Record<AuditAction, string> = {
    dismiss_reports: t`Dismissed reports`,
    remove_content: t`Removed reported content`,
    suspend_member: t`Suspended a member`,
    unsuspend_member: t`Lifted a suspension`,
    delete_member: t`Deleted an account`,
    remove_post: t`Removed a post`,
    change_registration: t`Changed registration`,
    create_invite: t`Made an invitation`,
    withdraw_invite: t`Withdrew an invitation`,
    create_playlist: t`Featured a playlist`,
    update_playlist: t`Changed a featured playlist`,
    delete_playlist: t`Removed a featured playlist`,
    block_domain: t`Blocked a server`,
    unblock_domain: t`Unblocked a server`,
    silence_domain: t`Silenced a server`,
    unsilence_domain: t`Lifted a server’s silence`,
    silence_person: t`Silenced a person of another server`,
    unsilence_person: t`Lifted a person’s silence`,
  };
  return labels[action];
}

/** Audit log: every admin action, newest first — who, what, on what, why, when. Nothing here deletes. */
export function AuditLogSection() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="card admin-card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t`Audit log`}</h2>
      <p className="moderation-intro">{t`Every action taken from this dashboard, newest first. Entries are kept.`}</p>
      {log.isPending ? (
        <PendingState fetchStatus={log.fetchStatus} className="admin-card__state" />
      ) : log.isError && entries.length === 0 ? (
        <div className="form-error" role="alert">
          {t`Failed to load the audit log: ${userMessage(log.error, t`Please try again.`)}`}{' '}
          <button type="button" className="btn" onClick={() => log.refetch()}>
            {t`Retry`}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="admin-card__state">{t`No admin actions yet.`}</p>
      ) : (
        <>
          <ol className="moderation-list audit-log" aria-label={t`Admin actions`}>
            {entries.map((entry) => {
              const actor = entry.actor.displayName;
              const note = entry.note;
              return (
                <li key={entry.id} className="audit-entry">
                  <p className="audit-entry__line">
                    <strong>{actionLabel(entry.action)}</strong>
                    {entry.subject?.label && <> · {entry.subject.label}</>}
                  </p>
                  <p className="moderation-item__meta">
                    <span>{entry.actor.userId === null ? t`By ${actor} (account deleted)` : t`By ${actor}`}</span>
                    <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                    {entry.detail && <span>{entry.detail}</span>}
                  </p>
                  {note && <p className="audit-entry__note">{t`Note: ${note}`}</p>}
                </li>
              );
            })}
          </ol>
          {log.hasNextPage && (
            <button
              type="button"
              className="btn moderation-more"
              onClick={() => log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
