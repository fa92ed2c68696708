import { userMessage } from '../../../lib/api-client.ts';
import { useFollowState } from '../api/get-follow-state.ts';
import { useToggleFollow } from '../api/toggle-follow.ts';
import '../../../components/ui/form.css';

/** Follow/Following for a signed-in visitor (spec §4, Follow state per profile). */
export function FollowButton({ userId }: { userId: string }) {
  const state = useFollowState(userId);
  const toggle = useToggleFollow(userId);
  const following = state.data?.following ?? false;
  return (
    <>
      <button
        type="button"
        className={following ? 'btn' : 'btn btn-primary'}
        disabled={!state.data || toggle.isPending}
        aria-pressed={following}
        onClick={() => toggle.mutate(!following)}
      >
        {toggle.isPending ? 'Loading...' : following ? 'Following' : 'Follow'}
      </button>
      {toggle.isError && (
        <p className="form-error" role="alert">
          Error: {userMessage(toggle.error, 'Please try again.')}
        </p>
      )}
    </>
  );
}
