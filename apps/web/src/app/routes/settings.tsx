import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { authClient } from '../../lib/auth-client.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/form.css';
import './settings.css';
import { FormError } from '../../components/ui/form-message.tsx';
import { changePasswordErrorMessage, isLongEnough, PASSWORD_TOO_SHORT } from '../../features/auth/auth-errors.ts';
import { ChangeEmailForm } from '../../features/auth/components/change-email-form.tsx';

type Message = { ok: boolean; text: string } | null;

function Feedback({ message }: { message: Message }) {
  if (!message) return null;
  return (
    <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== confirm) return setMessage({ ok: false, text: 'Passwords do not match' });
    if (!isLongEnough(next)) return setMessage({ ok: false, text: PASSWORD_TOO_SHORT });
    setBusy(true);
    const { error } = await authClient.changePassword({ currentPassword: current, newPassword: next });
    setBusy(false);
    if (error) return setMessage({ ok: false, text: changePasswordErrorMessage(error) });
    setCurrent('');
    setNext('');
    setConfirm('');
    setMessage({ ok: true, text: 'Your password has been changed.' });
  }
  return (
    <section className="settings-card" aria-labelledby="pw-heading">
      <h2 id="pw-heading">Change password</h2>
      <form className="form" onSubmit={submit}>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Feedback message={message} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function Sessions() {
  const [message, setMessage] = useState<Message>(null);
  return (
    <section className="settings-card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p className="muted">Signed in on a shared computer or a lost phone? End every session but this one.</p>
      <Feedback message={message} />
      <button
        type="button"
        className="btn"
        onClick={async () => {
          const { error } = await authClient.revokeOtherSessions();
          setMessage(
            error
              ? { ok: false, text: 'Failed to sign out other sessions. Please try again.' }
              : { ok: true, text: 'All other sessions are signed out.' },
          );
        }}
      >
        Sign out of other sessions
      </button>
    </section>
  );
}

function YourData() {
  return (
    <section className="settings-card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="muted">Your profile, ratings, collection, lists, posts and follows as one JSON file.</p>
      <a className="btn" href="/api/users/me/export" download>
        Download my data
      </a>
    </section>
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const { refetch } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="settings-card settings-card--danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p className="muted">This removes your profile, ratings, collection, lists and posts for good.</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <Modal title="Delete your account?" onClose={() => setOpen(false)}>
          <form
            className="form"
            onSubmit={async (event) => {
              event.preventDefault();
              setBusy(true);
              setError(null);
              try {
                await apiRequest('users/me', { method: 'DELETE', body: { password, confirm } });
                // Leave the signed-in-only page first (the home route may still be loading its
                // code), then forget the session; otherwise this page's guard sends us to /login.
                await navigate('/', { replace: true });
                await refetch();
              } catch (failure) {
                setError(
                  failure instanceof Error ? failure.message : 'Failed to delete the account. Please try again.',
                );
                setBusy(false);
              }
            }}
          >
            <p>This cannot be undone. Enter your password to confirm (accounts without one: type DELETE).</p>
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field label="Or type DELETE" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <FormError message={error} />
            <div className="modal__footer">
              <button type="button" className="btn" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy || (!password && !confirm)}>
                {busy ? 'Deleting...' : 'Delete account'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}

/** /settings (DESIGN.md decision 6): account actions the spec's avatar menu links to. */
export function Component() {
  useDocumentTitle('Settings');
  const { user } = useSession();
  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      <ChangePassword />
      <ChangeEmailForm currentEmail={user?.email ?? ''} />
      <Sessions />
      <YourData />
      <DeleteAccount />
    </div>
  );
}
