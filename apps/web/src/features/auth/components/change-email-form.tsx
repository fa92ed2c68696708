import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import './settings.css';
import { useChangeEmail } from '../api/change-email.ts';
import { EmailField, PasswordField } from './auth-fields.tsx';
import { useSettingsSection } from './settings-sections.tsx';
import '../../../components/ui/form.css';

export const confirmationSent = (newEmail: string) =>
  `We sent a confirmation link to ${newEmail}. Your e-mail address changes when you click it.`;

/**
 * The settings card that changes the e-mail address: it asks for the current password, and the
 * address shown stays the old one until the link sent to the new one is opened.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const section = useSettingsSection('email', change.reset);
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
    <section className="settings-card" aria-labelledby="email-heading" {...section}>
      <h2 id="email-heading">{t`Change e-mail`}</h2>
      <p className="muted settings-card__current">{t`Currently ${currentEmail}`}</p>
      <form className="form" onSubmit={submit}>
        <EmailField label={t`New e-mail`} value={email} onChange={setEmail} />
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          required={false}
          value={password}
          onChange={setPassword}
        />
        <div role="status" className="form__status">
          {sentTo && <p className="form-success">{confirmationSent(sentTo)}</p>}
        </div>
        <FormError message={change.error?.message} />
        <SubmitButton label={t`Change e-mail`} busy={change.isPending} busyLabel={t`Sending...`} />
      </form>
    </section>
  );
}
