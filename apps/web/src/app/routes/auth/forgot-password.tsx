import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { resetErrorMessage } from '../../../features/auth/auth-errors.ts';
import { useSignedInRedirect } from '../../../features/auth/use-signed-in-redirect.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import '../../../components/ui/form.css';
import { FormError } from '../../../components/ui/form-message.tsx';

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
    <div className="auth-page">
      <div className="auth-card">
        <h1>Password Reset</h1>
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
          {sent && (
            <p className="form-success" role="status">
              Check your inbox for further instructions.
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending...' : 'Reset Password'}
          </button>
        </form>
        <div className="form-links">
          <Link to="/login">Back to Log In</Link>
        </div>
      </div>
    </div>
  );
}
