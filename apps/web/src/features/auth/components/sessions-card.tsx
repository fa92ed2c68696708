import type { AccountSession } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useNavigate } from 'react-router';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { useSettingsSection } from './settings-sections.tsx';
import './settings.css';
import { PendingState } from '../../../components/ui/pending-state.tsx';

/** "today", "yesterday", else the date: last activity is only recorded about once a day. */
export function dayOf(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(date)) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Settings, Sessions: every browser signed in to the account, each with its own "Sign out". */
export function SessionsCard() {
  const navigate = useNavigate();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const section = useSettingsSection('sessions', () => {
    revoke.reset();
    revokeOthers.reset();
  });
  // This browser first, then the others as the server ordered them.
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));

  function signOut(session: AccountSession) {
    revokeOthers.reset();
    revoke.mutate(session, {
      // This browser's own session: that is signing out.
      onSuccess: () => (session.current ? navigate(paths.login(), { replace: true }) : undefined),
    });
  }

  return (
    <section className="settings-card" aria-labelledby="sessions-heading" {...section}>
      <h2 id="sessions-heading">{t`Sessions`}</h2>
      <p className="muted">{t`The browsers signed in to your account. Sign out any you do not recognise.`}</p>
      {sessions.isPending ? (
        <PendingState fetchStatus={sessions.fetchStatus} />
      ) : sessions.isError ? (
        <FormError message={userMessage(sessions.error, t`Failed to load your sessions. Please try again.`)} />
      ) : (
        <ul className="session-list">
          {list.map((session) => (
            <li key={session.id} className="session-list__item">
              <div className="session-list__text">
                <span className="session-list__device">
                  {session.device}
                  {session.current && <span className="session-list__current">{t`This browser`}</span>}
                </span>
                <span className="muted session-list__dates">
                  {t`Signed in ${dayOf(session.signedInAt)} · last active ${dayOf(session.lastActiveAt)}`}
                </span>
              </div>
              <button
                type="button"
                className="btn"
                aria-label={session.current ? t`Sign out of this browser` : t`Sign out ${session.device}`}
                disabled={revoke.isPending && revoke.variables?.id === session.id}
                onClick={() => signOut(session)}
              >
                {revoke.isPending && revoke.variables?.id === session.id ? t`Signing out...` : t`Sign out`}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={revoke.error?.message} />
      <FormError message={revokeOthers.error?.message} />
      <FormSuccess message={revokeOthers.isSuccess ? t`All other sessions are signed out.` : null} />
      <button
        type="button"
        className="btn"
        onClick={() => {
          revoke.reset();
          revokeOthers.mutate();
        }}
      >
        {t`Sign out of other sessions`}
      </button>
    </section>
  );
}
