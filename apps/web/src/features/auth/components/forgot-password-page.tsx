import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { authFailureOf } from '../api/send-verification-email.ts';
import { resetErrorMessage } from '../auth-errors.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';
import '../../../components/ui/form.css';

export function ForgotPasswordPage() {
  useDocumentTitle('Password Reset');
  const { shouldRedirect } = useSignedInRedirect();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSent(false);
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (failure) {
      setError(resetErrorMessage(authFailureOf(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Password Reset" links={<Link to={paths.login()}>Back to Log In</Link>}>
      <form className="form" onSubmit={submit}>
        <Field
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormError message={error} />
        <FormSuccess message={sent ? 'Check your inbox for further instructions.' : null} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Reset Password'}
        </button>
      </form>
    </AuthCard>
  );
}
