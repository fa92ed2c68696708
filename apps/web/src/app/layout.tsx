import { Outlet, useLocation } from 'react-router';
import { MAIN_ID, SkipLink } from '../components/layouts/skip-link.tsx';
import { TopBar } from '../components/layouts/top-bar.tsx';
import { EMAIL_VERIFIED_PATH } from '../features/auth/api/send-verification-email.ts';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner.tsx';
import { HeaderSearch } from '../features/search/components/header-search.tsx';
import { useSession } from '../lib/session.tsx';

/**
 * The skip link, top bar (header landmark), the e-mail verification banner, the page (main) and a
 * footer, with the connectivity banner. Nothing renders until the first auth check finishes.
 */
export function AppLayout() {
  const { isLoading, user } = useSession();
  const { pathname } = useLocation();
  if (isLoading) {
    return <div className="center-state">Loading...</div>;
  }
  return (
    <>
      <SkipLink />
      <TopBar renderSearch={(onDone) => <HeaderSearch onDone={onDone} />} />
      {/* /email-verified says the same and offers its own 'Resend link'. */}
      {user && pathname !== EMAIL_VERIFIED_PATH && <VerifyEmailBanner user={user} />}
      {/* tabIndex -1: the skip link moves focus here; load-bearing for keyboard users. */}
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="app-footer">
        <p>liner — discover, rate and share music.</p>
      </footer>
    </>
  );
}
