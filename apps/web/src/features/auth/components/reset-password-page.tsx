import { t } from '@lingui/core/macro';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import '../../../components/ui/form.css';
import { useResetPassword } from '../api/reset-password.ts';
import { useNewPassword } from '../use-new-password.ts';
import { NewPasswordFields } from './auth-fields.tsx';

/** Where the e-mailed link lands: the new password is set here with the link's one-time token. */
export function ResetPasswordPage() {
  useDocumentTitle(t`Set a New Password`);
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const passwords = useNewPassword();
  const save = useResetPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwords.check()) return save.reset();
    if (token) save.mutate({ newPassword: passwords.value.password, token });
  }

  if (!token || linkError) {
    return (
      <AuthCard title={t`Set a New Password`} links={<Link to={paths.forgotPassword()}>{t`Request a new link`}</Link>}>
        <FormError message="This reset link has expired or was already used. Please request a new one." />
      </AuthCard>
    );
  }

  if (save.isSuccess) {
    return (
      <AuthCard title={t`Set a New Password`} links={<Link to={paths.login()}>{t`Log In`}</Link>}>
        <FormSuccess message="Your password has been changed. You can log in with it now." />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Set a New Password`}>
      <form className="form" onSubmit={submit}>
        <NewPasswordFields
          labels={{ password: t`New Password`, confirm: t`Confirm Password` }}
          value={passwords.value}
          onChange={passwords.onChange}
        />
        <FormError message={passwords.problem ?? save.error?.message} />
        <SubmitButton label={t`Set Password`} busy={save.isPending} busyLabel={t`Saving...`} />
      </form>
    </AuthCard>
  );
}
