import { MEMBER_QUERY_MAX, type Member } from '@liner/shared';
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
        title: `Suspend ${name}?`,
        message: `${name} will be signed out everywhere and cannot sign in until the suspension is lifted. Their posts stay.`,
        confirmLabel: 'Suspend',
        busyLabel: 'Suspending...',
      }
    : {
        title: `Delete ${name}'s account?`,
        message: `This deletes ${name}'s account and everything it owns: posts, ratings, collection and follows. This action cannot be undone.`,
        confirmLabel: 'Delete account',
        busyLabel: 'Deleting...',
      };
}

const DONE: Record<MemberAction, (name: string) => string> = {
  suspend: (name) => `${name} is suspended.`,
  lift: (name) => `${name}'s suspension is lifted.`,
  delete: (name) => `${name}'s account is deleted.`,
};

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
        onSuccess: () => setDone(DONE[action](member.displayName)),
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
      <h2 id="members-heading">Members</h2>
      {totals && <MemberTotals totals={totals} />}

      <div className="community-filters">
        <div className="field community-filters__search">
          <label htmlFor="member-search">Search members</label>
          <input
            id="member-search"
            className="input"
            type="search"
            placeholder="Name or e-mail"
            maxLength={MEMBER_QUERY_MAX}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <label className="community-check">
          <input type="checkbox" checked={suspendedOnly} onChange={(e) => setSuspendedOnly(e.target.checked)} />
          Suspended only
        </label>
      </div>

      <FormError message={moderate.error?.message} />
      <FormSuccess message={done} />

      {members.isPending ? (
        <PendingState fetchStatus={members.fetchStatus} className="admin-card__state" />
      ) : members.isError && list.length === 0 ? (
        <div className="form-error" role="alert">
          Failed to load members: {userMessage(members.error, 'Please try again.')}{' '}
          <button type="button" className="btn" onClick={() => members.refetch()}>
            Retry
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="admin-card__state">{q || suspendedOnly ? 'No members match.' : 'No members yet.'}</p>
      ) : (
        <>
          <ul className="community-list" aria-label="Members" aria-busy={members.isPlaceholderData}>
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
            <FormError message={`Failed to load more: ${userMessage(members.error, 'Please try again.')}`} />
          )}
          {members.hasNextPage && (
            <button
              type="button"
              className="btn community-more"
              onClick={() => members.fetchNextPage()}
              disabled={members.isFetchingNextPage}
            >
              {members.isFetchingNextPage ? 'Loading...' : 'Load more'}
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
