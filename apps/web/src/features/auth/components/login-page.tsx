import { INVITE_REQUIRED_FOR_GOOGLE, REGISTRATION_CLOSED } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignIn } from '../api/sign-in.ts';
import { accountSuspended, googleError } from '../auth-errors.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';
import { EmailField, PasswordField } from './auth-fields.tsx';
import { GoogleButton } from './google-button.tsx';
import '../../../components/ui/form.css';

/**
 * What a failed Google sign-in came back saying (Better Auth appends its code to our `?error=google`),
 * in our own words: the address's error_description is not shown, since anyone can write a link.
 */
function redirectError(errors: string[]): string | null {
  if (errors.includes('ACCOUNT_SUSPENDED')) return accountSuspended();
  // A new account through Google while registration is by invitation or closed.
  if (errors.includes('INVITE_REQUIRED')) return fromServer(INVITE_REQUIRED_FOR_GOOGLE);
  if (errors.includes('REGISTRATION_CLOSED')) return fromServer(REGISTRATION_CLOSED);
  if (errors.includes('google')) return googleError();
  return null;
}

/**
 * Log In. `hasBio` tells where to go next (home when the profile has a bio, otherwise profile
 * setup, spec §4); profiles are another feature, so the route supplies it.
 */
export function LoginPage({ hasBio }: { hasBio: (userId: string) => Promise<boolean> }) {
  useDocumentTitle(t`Log In`);
  const navigate = useNavigate();
  const { refetch } = useSession();
  const [params] = useSearchParams();
  const { shouldRedirect, markFinishing } = useSignedInRedirect();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    markFinishing();
    signIn.mutate(
      { email, password },
      {
        onSuccess: async ({ userId }) => {
          // After log-in: home when the profile has a bio, otherwise profile setup (spec §4).
          let target = paths.profileSetup();
          try {
            if (await hasBio(userId)) target = paths.home();
          } catch {}
          await refetch();
          navigate(target, { replace: true });
        },
      },
    );
  }

  // Google's failure shows until the first e-mail attempt.
  const error = signIn.error?.message ?? (signIn.isIdle ? redirectError(params.getAll('error')) : null);
  // Signed in, the page stays busy while it finds out where to go next.
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <AuthCard
      title={t`Log In`}
      links={
        <>
          <Link to={paths.forgotPassword()}>{t`Forgot Password?`}</Link>
          <span>
            {t`New to liner?`} <Link to={paths.createAccount()}>{t`Create Account`}</Link>
          </span>
        </>
      }
    >
      <form className="form" onSubmit={submit}>
        <EmailField label={t`Email`} value={email} onChange={setEmail} />
        <PasswordField label={t`Password`} autoComplete="current-password" value={password} onChange={setPassword} />
        <FormError message={error} />
        <SubmitButton label={t`Log In`} busy={busy} busyLabel={t`Logging in...`} />
        <GoogleButton label={t`Log in with Google`} callbackURL={paths.home()} />
      </form>
    </AuthCard>
  );
}
