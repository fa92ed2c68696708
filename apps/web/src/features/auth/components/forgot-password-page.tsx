import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';
import { EmailField } from './auth-fields.tsx';
import '../../../components/ui/form.css';

export function ForgotPasswordPage() {
  useDocumentTitle(t`Password Reset`);
  const { shouldRedirect } = useSignedInRedirect();
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    request.mutate(email);
  }

  return (
    <AuthCard title={t`Password Reset`} links={<Link to={paths.login()}>{t`Back to Log In`}</Link>}>
      <form className="form" onSubmit={submit}>
        <EmailField label={t`Email`} value={email} onChange={setEmail} />
        <FormError message={request.error?.message} />
        <FormSuccess message={request.isSuccess ? t`Check your inbox for further instructions.` : null} />
        <SubmitButton label={t`Reset Password`} busy={request.isPending} busyLabel={t`Sending...`} />
      </form>
    </AuthCard>
  );
}
