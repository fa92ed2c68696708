import { t } from '@lingui/core/macro';
import { userMessage } from '../../../lib/api-client.ts';
import { useFollowState } from '../api/get-follow-state.ts';
import { useToggleFollow } from '../api/toggle-follow.ts';
import '../../../components/ui/form.css';

/**
 * Follow/Following for a signed-in visitor (spec §4, Follow state per profile). A private profile
 * is asked instead: 'Request to follow', then 'Requested' until its owner answers (pressing it
 * withdraws the request).
 */
export function FollowButton({ userId, locked = false }: { userId: string; locked?: boolean }) {
  const state = useFollowState(userId);
  const toggle = useToggleFollow(userId, locked);
  const following = state.data?.following ?? false;
  const requested = state.data?.requested ?? false;
  const on = following || requested;
  const label = following ? t`Following` : requested ? t`Requested` : locked ? t`Request to follow` : t`Follow`;
  const error = toggle.isError ? userMessage(toggle.error, t`Please try again.`) : '';
  return (
    <>
      <button
        type="button"
        className={on ? 'btn' : 'btn btn-primary'}
        disabled={!state.data || toggle.isPending}
        aria-pressed={on}
        onClick={() => toggle.mutate(!on)}
      >
        {toggle.isPending ? t`Loading...` : label}
      </button>
      {toggle.isError && (
        <p className="form-error" role="alert">
          {t`Error: ${error}`}
        </p>
      )}
    </>
  );
}
