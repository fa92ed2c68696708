import { useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { signInWithGoogle } from '../api/sign-in-social.ts';
import { GOOGLE_ERROR } from '../auth-errors.ts';
import '../../../components/ui/form.css';

/** 'Log in with Google' / 'Sign up with Google': shown only when this installation configured Google. */
export function GoogleButton({ label, callbackURL }: { label: string; callbackURL: string }) {
  const { data } = usePublicConfig();
  const [error, setError] = useState<string | null>(null);
  if (!data?.googleSignIn) return null;
  return (
    <>
      <div className="divider">or</div>
      <button
        type="button"
        className="btn"
        onClick={async () => {
          setError(null);
          try {
            await signInWithGoogle(callbackURL);
          } catch {
            setError(GOOGLE_ERROR);
          }
        }}
      >
        {label}
      </button>
      <FormError message={error} />
    </>
  );
}
