import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { ResendVerification } from './resend-verification.tsx';
import '../../../components/ui/form.css';

/**
 * Where the link in a verification (or e-mail change) message lands: Better Auth has checked the
 * token and sends `?error=INVALID_TOKEN` (or TOKEN_EXPIRED, USER_NOT_FOUND, INVALID_USER) when it
 * was bad. The session is read again, so the banner and the address shown follow at once.
 */
export function EmailVerified() {
  const [params] = useSearchParams();
  const { user, refetch } = useSession();
  const [checked, setChecked] = useState(false);
  const failed = params.has('error');

  useEffect(() => {
    let live = true;
    void refetch().then(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [refetch]);

  if (!checked) {
    return (
      <AuthCard title={t`E-mail verification`}>
        <p className="muted">{t`Checking your link...`}</p>
      </AuthCard>
    );
  }
  // Opened without a link's answer while still unverified: nothing was verified.
  const verified = !failed && (!user || user.emailVerified);
  return (
    <AuthCard
      title={t`E-mail verification`}
      links={
        <Link to={paths.home()} className={verified ? 'btn btn-primary' : undefined}>
          {t`Go home`}
        </Link>
      }
    >
      {verified ? (
        <p className="form-success" role="status">
          {t`Your e-mail address is verified.`}
        </p>
      ) : (
        <div className="form">
          <p className="form-error" role="alert">
            {t`This verification link is invalid or has expired.`}
          </p>
          {user && !user.emailVerified && <ResendVerification email={user.email} />}
        </div>
      )}
    </AuthCard>
  );
}
