import type { ModerationAction, ReportGroup } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useReportQueue } from '../api/get-report-queue.ts';
import { useResolveReports } from '../api/resolve-reports.ts';
import { ReportGroupItem } from './report-group.tsx';
import { ResolveDialog } from './resolve-dialog.tsx';
import './moderation.css';

/** What the status line says once an action is done. */
function doneMessage(action: ModerationAction): string {
  const done: Record<ModerationAction, string> = {
    dismiss: t`Reports dismissed.`,
    remove: t`Content removed.`,
    suspend: t`Author suspended.`,
  };
  return done[action];
}

/** Reports: open reports grouped per item, and handling them. */
export function ReportsSection() {
  const queue = useReportQueue();
  const resolve = useResolveReports();
  const [acting, setActing] = useState<{ group: ReportGroup; action: ModerationAction } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const groups = queue.data?.pages.flatMap((page) => page.groups) ?? [];
  const openItems = queue.data?.pages[0]?.openItems ?? 0;

  const confirm = (note: string) => {
    if (!acting) return;
    const { group, action } = acting;
    setDone(null);
    resolve.mutate(
      { subjectType: group.item.type, subjectId: group.item.id, action, note: note || undefined },
      {
        onSuccess: () => {
          setDone(doneMessage(action));
          setActing(null);
        },
      },
    );
  };

  return (
    <section className="card admin-card" aria-labelledby="reports-heading">
      <h2 id="reports-heading">{t`Reports`}</h2>
      <p className="moderation-intro">
        {queue.data
          ? openItems === 0
            ? t`Nothing is waiting.`
            : plural(openItems, {
                one: '# item has open reports, the longest waiting first.',
                other: '# items have open reports, the longest waiting first.',
              })
          : t`Open reports, one entry per reported item.`}
      </p>
      <FormSuccess message={done} />
      {queue.isPending ? (
        <PendingState fetchStatus={queue.fetchStatus} className="admin-card__state" />
      ) : queue.isError && groups.length === 0 ? (
        <div className="form-error" role="alert">
          {t`Failed to load reports: ${userMessage(queue.error, t`Please try again.`)}`}{' '}
          <button type="button" className="btn" onClick={() => queue.refetch()}>
            {t`Retry`}
          </button>
        </div>
      ) : groups.length === 0 ? (
        <p className="admin-card__state">{t`No open reports.`}</p>
      ) : (
        <>
          <ul className="moderation-list" aria-label={t`Reported items`}>
            {groups.map((group) => (
              <ReportGroupItem
                key={`${group.item.type}:${group.item.id}`}
                group={group}
                busy={resolve.isPending && resolve.variables?.subjectId === group.item.id}
                onAct={(action) => {
                  resolve.reset();
                  setActing({ group, action });
                }}
              />
            ))}
          </ul>
          {queue.hasNextPage && (
            <button
              type="button"
              className="btn moderation-more"
              onClick={() => queue.fetchNextPage()}
              disabled={queue.isFetchingNextPage}
            >
              {queue.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </>
      )}
      {acting && (
        <ResolveDialog
          group={acting.group}
          action={acting.action}
          busy={resolve.isPending}
          error={resolve.error?.message ?? null}
          onConfirm={confirm}
          onCancel={() => setActing(null)}
        />
      )}
    </section>
  );
}
