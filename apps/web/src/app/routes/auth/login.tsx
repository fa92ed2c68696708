import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { authFailureOf } from '../../../features/auth/api/send-verification-email.ts';
import { signIn } from '../../../features/auth/api/sign-in.ts';
import { GOOGLE_ERROR, loginErrorMessage } from '../../../features/auth/auth-errors.ts';
import { GoogleButton } from '../../../features/auth/components/google-button.tsx';
import { useSignedInRedirect } from '../../../features/auth/use-signed-in-redirect.ts';
import { myProfileQueryOptions } from '../../../features/profiles/api/my-profile.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import '../../../components/ui/form.css';

export function Component() {
  useDocumentTitle('Log In');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch } = useSession();
  const [params] = useSearchParams();
  const { shouldRedirect, markFinishing } = useSignedInRedirect();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(params.get('error') === 'google' ? GOOGLE_ERROR : null);
  const [busy, setBusy] = useState(false);

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    markFinishing();
    let userId: string;
    try {
      ({ userId } = await signIn({ email, password }));
    } catch (failure) {
      setError(loginErrorMessage(authFailureOf(failure)));
      setBusy(false);
      return;
    }
    // After log-in: home when the profile has a bio, otherwise profile setup (spec §4).
    let target = paths.profileSetup();
    try {
      const profile = await queryClient.fetchQuery({ ...myProfileQueryOptions(userId), staleTime: 0 });
      if (profile.bio.trim()) target = paths.home();
    } catch {}
    await refetch();
    navigate(target, { replace: true });
  }

  return (
    <AuthCard
      title="Log In"
      links={
        <>
          <Link to={paths.forgotPassword()}>Forgot Password?</Link>
          <span>
            New to liner? <Link to={paths.createAccount()}>Create Account</Link>
          </span>
        </>
      }
    >
      <form className="form" onSubmit={submit}>
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
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Logging in...' : 'Log In'}
        </button>
        <GoogleButton label="Log in with Google" callbackURL="/" />
      </form>
    </AuthCard>
  );
}
