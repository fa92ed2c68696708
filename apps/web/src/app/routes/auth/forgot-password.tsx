import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { resetErrorMessage } from '../../../features/auth/auth-errors.ts';
import { useSignedInRedirect } from '../../../features/auth/use-signed-in-redirect.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Password Reset');
  const { shouldRedirect } = useSignedInRedirect();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  if (shouldRedirect) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSent(false);
    setBusy(true);
    const { error: failure } = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: '/reset-password',
    });
    setBusy(false);
    if (failure) setError(resetErrorMessage(failure));
    else setSent(true);
  }

  return (
    <AuthCard title="Password Reset" links={<Link to="/login">Back to Log In</Link>}>
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
