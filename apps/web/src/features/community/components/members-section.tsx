import { MEMBER_QUERY_MAX, type Member } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useUserId } from '../../../lib/session.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMembers } from '../api/get-members.ts';
import { type MemberAction, useModerateMember } from '../api/moderate-member.ts';
import { MemberRow } from './member-row.tsx';
import { MemberTotals } from './member-totals.tsx';
import './community.css';

/** The confirmation for a destructive action, naming the person; lifting needs none. */
function confirmation(action: 'suspend' | 'delete', member: Member) {
  const name = member.displayName;
  return action === 'suspend'
    ? {
        title: t`Suspend ${name}?`,
        message: t`${name} will be signed out everywhere and cannot sign in until the suspension is lifted. Their posts stay.`,
        confirmLabel: t`Suspend`,
        busyLabel: t`Suspending...`,
      }
    : {
        title: t`Delete ${name}'s account?`,
        message: t`This deletes ${name}'s account and everything it owns: posts, ratings, collection and follows. This action cannot be undone.`,
        confirmLabel: t`Delete account`,
        busyLabel: t`Deleting...`,
      };
}

/** What the status line says once an action is done. */
function doneMessage(action: MemberAction, name: string): string {
  if (action === 'suspend') return t`${name} is suspended.`;
  if (action === 'lift') return t`${name}'s suspension is lifted.`;
  return t`${name}'s account is deleted.`;
}

/** Members: sign-up totals, search, and suspending or deleting accounts. */
export function MembersSection() {
  const myId = useUserId();
  const [search, setSearch] = useState('');
  const [suspendedOnly, setSuspendedOnly] = useState(false);
  const q = useDebouncedValue(search.trim(), 300);
  const members = useMembers({ q, status: suspendedOnly ? 'suspended' : 'all' });
  const moderate = useModerateMember();
  const [confirming, setConfirming] = useState<{ action: 'suspend' | 'delete'; member: Member } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = (action: MemberAction, member: Member) => {
    setDone(null);
    moderate.mutate(
      { action, member },
      {
        onSuccess: () => setDone(doneMessage(action, member.displayName)),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const onAction = (member: Member) => (action: MemberAction) => {
    if (action === 'lift') run(action, member);
    else {
      moderate.reset();
      setConfirming({ action, member });
    }
  };

  const list = members.data?.pages.flatMap((page) => page.members) ?? [];
  const totals = members.data?.pages[0]?.totals;

  return (
    <section className="card admin-card" aria-labelledby="members-heading">
      <h2 id="members-heading">{t`Members`}</h2>
      {totals && <MemberTotals totals={totals} />}

      <div className="community-filters">
        <div className="field community-filters__search">
          <label htmlFor="member-search">{t`Search members`}</label>
          <input
            id="member-search"
            className="input"
            type="search"
            placeholder={t`Name or e-mail`}
            maxLength={MEMBER_QUERY_MAX}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <label className="community-check">
          <input type="checkbox" checked={suspendedOnly} onChange={(e) => setSuspendedOnly(e.target.checked)} />
          {t`Suspended only`}
        </label>
      </div>

      <FormError message={moderate.error?.message} />
      <FormSuccess message={done} />

      {members.isPending ? (
        <PendingState fetchStatus={members.fetchStatus} className="admin-card__state" />
      ) : members.isError && list.length === 0 ? (
        <div className="form-error" role="alert">
          {t`Failed to load members: ${userMessage(members.error, t`Please try again.`)}`}{' '}
          <button type="button" className="btn" onClick={() => members.refetch()}>
            {t`Retry`}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="admin-card__state">{q || suspendedOnly ? t`No members match.` : t`No members yet.`}</p>
      ) : (
        <>
          <ul className="community-list" aria-label={t`Members`} aria-busy={members.isPlaceholderData}>
            {list.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isYou={member.id === myId}
                busy={moderate.isPending && moderate.variables?.member.id === member.id}
                onAction={onAction(member)}
              />
            ))}
          </ul>
          {members.isFetchNextPageError && (
            <FormError message={t`Failed to load more: ${userMessage(members.error, t`Please try again.`)}`} />
          )}
          {members.hasNextPage && (
            <button
              type="button"
              className="btn community-more"
              onClick={() => members.fetchNextPage()}
              disabled={members.isFetchingNextPage}
            >
              {members.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </>
      )}

      {confirming && (
        <ConfirmDialog
          {...confirmation(confirming.action, confirming.member)}
          busy={moderate.isPending}
          danger
          onConfirm={() => run(confirming.action, confirming.member)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
