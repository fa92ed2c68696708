import { t } from '@lingui/core/macro';
import { FormError } from '../../../components/ui/form-message.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSignInWithGoogle } from '../api/sign-in-social.ts';
import '../../../components/ui/form.css';

/** 'Log in with Google' / 'Sign up with Google': shown only when this installation configured Google. */
export function GoogleButton({ label, callbackURL }: { label: string; callbackURL: string }) {
  const { data } = usePublicConfig();
  const signIn = useSignInWithGoogle();
  if (!data?.googleSignIn) return null;
  return (
    <>
      <div className="divider">{t`or`}</div>
      <button type="button" className="btn" onClick={() => signIn.mutate(callbackURL)}>
        {label}
      </button>
      <FormError message={signIn.error?.message} />
    </>
  );
}
