import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { authFailureOf } from '../api/send-verification-email.ts';
import { changePasswordErrorMessage, isLongEnough, PASSWORD_TOO_SHORT } from '../auth-errors.ts';
import '../../../components/ui/form.css';
import './settings.css';

export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const change = useChangePassword();
  function fail(text: string) {
    setSuccess(null);
    setError(text);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== confirm) return fail('Passwords do not match');
    if (!isLongEnough(next)) return fail(PASSWORD_TOO_SHORT);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onError: (failure) => fail(changePasswordErrorMessage(authFailureOf(failure))),
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setError(null);
          setSuccess('Your password has been changed.');
        },
      },
    );
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
        <FormError message={error} />
        <FormSuccess message={success} />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
