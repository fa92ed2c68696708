import { checkDisplayName, REGISTRATION_CLOSED } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { paths } from '../../../lib/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthRequestError } from '../api/auth-request-error.ts';
import { useRegistration } from '../api/get-registration.ts';
import { useSignUp } from '../api/sign-up.ts';
import { isRegistrationRefusal, newPasswordProblem } from '../auth-errors.ts';
import { useNewPassword } from '../use-new-password.ts';
import { useSignedInRedirect } from '../use-signed-in-redirect.ts';
import { EmailField, NewPasswordFields } from './auth-fields.tsx';
import { GoogleButton } from './google-button.tsx';
import '../../../components/ui/form.css';

export const inviteGoogleNote = () =>
  t`Invitations work with e-mail sign-up: fill in the form with your invitation code.`;

/** The first failing check of spec §5 (Sign-up), or null. The server checks all of them again. */
export function signUpProblem(form: { username: string; password: string; confirm: string }): string | null {
  const password = newPasswordProblem(form.password, form.confirm);
  if (password) return password;
  const name = checkDisplayName(form.username, t`Please enter a display name`);
  return name.ok ? null : fromServer(name.message);
}

const loginLink = (
  <span>
    {t`Already have an account?`} <Link to={paths.login()}>{t`Log In`}</Link>
  </span>
);

/**
 * Create Account, as the site's registration mode allows: the form when open; the form
 * with an invitation code (from `?invite=`) and no Google button when by invitation; only a notice
 * when closed. The server decides in the end and its refusal is shown in its words.
 */
export function CreateAccountPage() {
  useDocumentTitle(t`Create Account`);
  const registration = useRegistration();
  const { shouldRedirect, markFinishing } = useSignedInRedirect();

  if (shouldRedirect) return <Navigate to={paths.home()} replace />;
  if (registration.isPending) {
    return (
      <AuthCard title={t`Create Account`} links={loginLink}>
        <PendingState fetchStatus={registration.fetchStatus} />
      </AuthCard>
    );
  }
  // Unknown (the check failed): the form, and the server refuses if it must.
  const mode = registration.data?.mode ?? 'open';
  if (mode === 'closed') {
    return (
      <AuthCard title={t`Create Account`} links={loginLink}>
        <p className="form-notice" role="status">
          {REGISTRATION_CLOSED}
        </p>
      </AuthCard>
    );
  }
  return <CreateAccountForm byInvitation={mode === 'invite'} markFinishing={markFinishing} />;
}

function CreateAccountForm({ byInvitation, markFinishing }: { byInvitation: boolean; markFinishing: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch } = useSession();
  const [params] = useSearchParams();
  const config = usePublicConfig();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('invite') ?? '');
  const [inviteProblem, setInviteProblem] = useState<string | null>(null);
  const passwords = useNewPassword();
  const signUp = useSignUp();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (passwords.check(signUpProblem({ username, ...passwords.value }))) return signUp.reset();
    const missingCode = byInvitation && inviteCode.trim() === '';
    setInviteProblem(missingCode ? t`Please enter the code from your invitation` : null);
    if (missingCode) return signUp.reset();
    markFinishing();
    signUp.mutate(
      { username, email, password: passwords.value.password, ...(byInvitation ? { inviteCode } : {}) },
      {
        onSuccess: async () => {
          await refetch();
          navigate(paths.profileSetup(), { replace: true });
        },
        onError: (failure) => {
          // The mode may have changed since the page loaded: read it again.
          const cause = failure.cause;
          if (cause instanceof AuthRequestError && isRegistrationRefusal(cause.failure)) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.registration });
          }
        },
      },
    );
  }

  const error = passwords.problem ?? inviteProblem ?? signUp.error?.message;
  // Signed up, the page stays busy until it has moved on to profile setup.
  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <AuthCard title={t`Create Account`} links={loginLink}>
      <form className="form" onSubmit={submit} noValidate={false}>
        {byInvitation && (
          <Field
            label={t`Invitation code`}
            autoComplete="off"
            spellCheck={false}
            required
            value={inviteCode}
            onChange={(e) => setInviteCode(e.target.value)}
          />
        )}
        <Field
          label={t`Username`}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <EmailField label={t`Email`} value={email} onChange={setEmail} />
        <NewPasswordFields
          labels={{ password: t`Password`, confirm: t`Confirm Password` }}
          value={passwords.value}
          onChange={passwords.onChange}
        />
        <FormError message={error} />
        <SubmitButton label={t`Create Account`} busy={busy} busyLabel={t`Creating account...`} />
        {byInvitation ? (
          config.data?.googleSignIn && <p className="form-note">{inviteGoogleNote()}</p>
        ) : (
          <GoogleButton label={t`Sign up with Google`} callbackURL={paths.profileSetup()} />
        )}
      </form>
    </AuthCard>
  );
}
