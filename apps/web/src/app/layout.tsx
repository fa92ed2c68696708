import { Outlet, useLocation } from 'react-router';
import { TopBar } from '../components/layouts/top-bar.tsx';
import { ConnectivityBanner } from '../components/ui/connectivity-banner.tsx';
import { EMAIL_VERIFIED_PATH } from '../features/auth/api/send-verification-email.ts';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner.tsx';
import { HeaderSearch } from '../features/search/components/header-search.tsx';
import { useSession } from '../lib/session.tsx';

/**
 * Top bar, the e-mail verification banner, page and connectivity banner. Nothing renders until the
 * first auth check finishes.
 */
export function AppLayout() {
  const { isLoading, user } = useSession();
  const { pathname } = useLocation();
  if (isLoading) {
    return <div className="center-state">Loading...</div>;
  }
  return (
    <>
      <TopBar renderSearch={(onDone) => <HeaderSearch onDone={onDone} />} />
      {/* /email-verified says the same and offers its own 'Resend link'. */}
      {user && pathname !== EMAIL_VERIFIED_PATH && <VerifyEmailBanner user={user} />}
      <main>
        <Outlet />
      </main>
      <ConnectivityBanner />
    </>
  );
}
