import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useNewPassword } from '../use-new-password.ts';
import { NewPasswordFields, PasswordField } from './auth-fields.tsx';
import { useSettingsSection } from './settings-sections.tsx';
import '../../../components/ui/form.css';
import './settings.css';

export function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const next = useNewPassword();
  const change = useChangePassword();
  const section = useSettingsSection('password', change.reset);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (next.check()) return change.reset();
    change.mutate(
      { currentPassword: current, newPassword: next.value.password },
      {
        onSuccess: () => {
          setCurrent('');
          next.clear();
        },
      },
    );
  }
  return (
    <section className="settings-card" aria-labelledby="pw-heading" {...section}>
      <h2 id="pw-heading">{t`Change password`}</h2>
      <form className="form" onSubmit={submit}>
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <NewPasswordFields
          labels={{ password: t`New password`, confirm: t`Confirm new password` }}
          value={next.value}
          onChange={next.onChange}
        />
        <FormError message={next.problem ?? change.error?.message} />
        <FormSuccess message={change.isSuccess ? t`Your password has been changed.` : null} />
        <SubmitButton label={t`Change password`} busy={change.isPending} busyLabel={t`Saving...`} />
      </form>
    </section>
  );
}
