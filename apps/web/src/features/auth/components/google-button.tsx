import { useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { GOOGLE_ERROR } from '../auth-errors.ts';

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
          // The server registers Google as an OpenID Connect provider (its issuer is configurable).
          const { error: failure } = await authClient.signIn.social({
            provider: 'google',
            callbackURL,
            newUserCallbackURL: '/profile-setup',
            errorCallbackURL: '/login?error=google',
          });
          if (failure) setError(GOOGLE_ERROR);
        }}
      >
        {label}
      </button>
      <FormError message={error} />
    </>
  );
}
