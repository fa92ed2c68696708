import { t } from '@lingui/core/macro';
import type { SessionUser } from '../../../lib/session.tsx';
import { ResendVerification } from './resend-verification.tsx';
import './verify-email-banner.css';

/**
 * Under the top bar for a signed-in user whose address is not verified yet. The site works as
 * usual meanwhile; only the admin role and an e-mail change wait for it (DESIGN.md decision 12).
 */
export function VerifyEmailBanner({ user }: { user: SessionUser }) {
  if (user.emailVerified) return null;
  return (
    <section className="verify-banner" aria-label={t`E-mail verification`}>
      <div className="verify-banner__inner">
        <p className="verify-banner__text">
          {t`Please verify your e-mail address. We sent a link to`} <strong>{user.email}</strong>.
        </p>
        <ResendVerification email={user.email} />
      </div>
    </section>
  );
}
