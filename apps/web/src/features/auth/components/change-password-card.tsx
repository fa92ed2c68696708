import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { newPasswordProblem } from '../auth-errors.ts';
import '../../../components/ui/form.css';
import './settings.css';

export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordProblem(next, confirm);
    setProblem(found);
    if (found) return change.reset();
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
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
        <FormError message={problem ?? change.error?.message} />
        <FormSuccess message={change.isSuccess ? 'Your password has been changed.' : null} />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
