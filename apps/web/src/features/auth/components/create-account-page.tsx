import { checkDisplayName } from '@liner/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignUp } from '../api/sign-up.ts';
import { newPasswordProblem } from '../auth-errors.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';
import { GoogleButton } from './google-button.tsx';
import '../../../components/ui/form.css';

/** The first failing check of spec §5 (Sign-up), or null. The server checks all of them again. */
export function signUpProblem(form: { username: string; password: string; confirm: string }): string | null {
  const password = newPasswordProblem(form.password, form.confirm);
  if (password) return password;
  const name = checkDisplayName(form.username, 'Please enter a display name');
  return name.ok ? null : name.message;
}

export function CreateAccountPage() {
  useDocumentTitle('Create Account');
  const navigate = useNavigate();
  const { refetch } = useSession();
  const { shouldRedirect, markFinishing } = useSignedInRedirect();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const signUp = useSignUp();

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = signUpProblem({ username, password, confirm });
    setProblem(found);
    if (found) {
      signUp.reset();
      return;
    }
    markFinishing();
    signUp.mutate(
      { username, email, password },
      {
        onSuccess: async () => {
          await refetch();
          navigate(paths.profileSetup(), { replace: true });
        },
      },
    );
  }

  const error = problem ?? signUp.error?.message;
  // Signed up, the page stays busy until it has moved on to profile setup.
  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <AuthCard
      title="Create Account"
      links={
        <span>
          Already have an account? <Link to={paths.login()}>Log In</Link>
        </span>
      }
    >
      <form className="form" onSubmit={submit} noValidate={false}>
        <Field
          label="Username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
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
        <FormError message={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </button>
        <GoogleButton label="Sign up with Google" callbackURL={paths.profileSetup()} />
      </form>
    </AuthCard>
  );
}
