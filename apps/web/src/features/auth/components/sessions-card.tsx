import { useState } from 'react';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import './settings.css';

export function SessionsCard() {
  const revoke = useRevokeOtherSessions();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  return (
    <section className="settings-card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="muted">Signed in on a shared computer or a lost phone? End every session but this one.</p>
      <FormError message={error} />
      <FormSuccess message={success} />
      <button
        type="button"
        className="btn"
        onClick={() =>
          revoke.mutate(undefined, {
            onError: () => {
              setSuccess(null);
              setError('Failed to sign out other sessions. Please try again.');
            },
            onSuccess: () => {
              setError(null);
              setSuccess('All other sessions are signed out.');
            },
          })
        }
      >
        Sign out of other sessions
      </button>
    </section>
  );
}
