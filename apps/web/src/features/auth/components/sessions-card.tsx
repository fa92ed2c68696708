import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import './settings.css';

export function SessionsCard() {
  const revoke = useRevokeOtherSessions();
  return (
    <section className="settings-card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="muted">Signed in on a shared computer or a lost phone? End every session but this one.</p>
      <FormError message={revoke.error?.message} />
      <FormSuccess message={revoke.isSuccess ? 'All other sessions are signed out.' : null} />
      <button type="button" className="btn" onClick={() => revoke.mutate()}>
        Sign out of other sessions
      </button>
    </section>
  );
}
