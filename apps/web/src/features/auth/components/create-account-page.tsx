import { checkDisplayName } from '@liner/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignUp } from '../api/sign-up.ts';
import { newPasswordProblem } from '../auth-errors.ts';
import { useNewPassword } from '../use-new-password.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';
import { EmailField, NewPasswordFields } from './auth-fields.tsx';
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
  const passwords = useNewPassword();
  const signUp = useSignUp();

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwords.check(signUpProblem({ username, ...passwords.value }))) return signUp.reset();
    markFinishing();
    signUp.mutate(
      { username, email, password: passwords.value.password },
      {
        onSuccess: async () => {
          await refetch();
          navigate(paths.profileSetup(), { replace: true });
        },
      },
    );
  }

  const error = passwords.problem ?? signUp.error?.message;
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
        <EmailField label="Email" value={email} onChange={setEmail} />
        <NewPasswordFields
          labels={{ password: 'Password', confirm: 'Confirm Password' }}
          value={passwords.value}
          onChange={passwords.onChange}
        />
        <FormError message={error} />
        <SubmitButton label="Create Account" busy={busy} busyLabel="Creating account..." />
        <GoogleButton label="Sign up with Google" callbackURL={paths.profileSetup()} />
      </form>
    </AuthCard>
  );
}
