import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import './settings.css';
import { useChangeEmail } from '../api/change-email.ts';
import '../../../components/ui/form.css';

export const confirmationSent = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your e-mail address changes when you click it.`;

/**
 * The settings card that changes the e-mail address: it asks for the current password, and the
 * address shown stays the old one until the link sent to the new one is opened.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { newEmail: email.trim(), password },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
        },
      },
    );
  }

  const sentTo = change.isSuccess ? change.variables.newEmail : null;
  return (
    <section className="settings-card" aria-labelledby="email-heading">
      <h2 id="email-heading">Change e-mail</h2>
      <p className="muted settings-card__current">Currently {currentEmail}</p>
      <form className="form" onSubmit={submit}>
        <Field
          label="New e-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div role="status" className="form__status">
          {sentTo && <p className="form-success">{confirmationSent(sentTo)}</p>}
        </div>
        <FormError message={change.error?.message} />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Sending...' : 'Change e-mail'}
        </button>
      </form>
    </section>
  );
}
