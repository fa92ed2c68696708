import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import '../../../components/ui/form.css';
import { FormError } from '../../../components/ui/form-message.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { newPasswordProblem } from '../auth-errors.ts';

/** Where the e-mailed link lands: the new password is set here with the link's one-time token. */
export function ResetPasswordPage() {
  useDocumentTitle('Set a New Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useResetPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordProblem(password, confirm);
    setProblem(found);
    if (found) return save.reset();
    if (token) save.mutate({ newPassword: password, token });
  }

  if (!token || linkError) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1>Set a New Password</h1>
          <p className="form-error" role="alert">
            This reset link has expired or was already used. Please request a new one.
          </p>
          <div className="form-links">
            <Link to={paths.forgotPassword()}>Request a new link</Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>Set a New Password</h1>
        {save.isSuccess ? (
          <>
            <p className="form-success" role="status">
              Your password has been changed. You can log in with it now.
            </p>
            <div className="form-links">
              <Link to={paths.login()}>Log In</Link>
            </div>
          </>
        ) : (
          <form className="form" onSubmit={submit}>
            <Field
              label="New Password"
              type="password"
              required
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field
              label="Confirm Password"
              type="password"
              required
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <FormError message={problem ?? save.error?.message} />
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Set Password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
