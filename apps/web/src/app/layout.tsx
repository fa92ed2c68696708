import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MAIN_ID, SkipLink } from '../components/layouts/skip-link.tsx';
import { TopBar } from '../components/layouts/top-bar.tsx';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { ErrorScreen } from '../components/ui/error-screen.tsx';
import { LoadingStatus } from '../components/ui/skeleton.tsx';
import { HeaderSearch } from '../features/search/components/header-search.tsx';
import { useReportArrivals } from '../lib/navigate-and-arrive.ts';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

// The bell is for the signed in only, and its count can arrive a moment after the shell: its code
// (and the notification contracts) are fetched then, not with the home route (DESIGN.md budget).
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/components/notification-bell.tsx')).NotificationBell,
}));

// Only an unverified address needs the banner, and its 'Resend link' needs Better Auth's client:
// both are fetched then, not with the home route (DESIGN.md budget).
const VerifyEmailBanner = lazy(async () => ({
  default: (await import('../features/auth/components/verify-email-banner.tsx')).VerifyEmailBanner,
}));

/**
 * The skip link, top bar (header landmark), the e-mail verification banner, the page (main) and a
 * footer; the connectivity banner is the root's. All of it renders at once, without waiting for the
 * session check (DESIGN.md budget): the top bar holds the account corner open until the session is
 * known, public pages load their data meanwhile, and the guards wait for it before deciding.
 */
export function AppLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  useReportArrivals();
  return (
    <>
      <SkipLink />
      <TopBar
        renderSearch={(onDone) => <HeaderSearch onDone={onDone} />}
        renderBell={() => (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
      />
      {/* /email-verified says the same and offers its own 'Resend link'. */}
      {user && !user.emailVerified && pathname !== paths.emailVerified() && (
        <Suspense fallback={null}>
          <VerifyEmailBanner user={user} />
        </Suspense>
      )}
      {/* tabIndex -1: the skip link moves focus here; load-bearing for keyboard users. */}
      <main id={MAIN_ID} tabIndex={-1}>
        {/* A failed page keeps the shell around its error; another address tries again. */}
        <ErrorBoundary fallback={<ErrorScreen />} resetKey={pathname}>
          {/* Only the first page waits here: later navigations are transitions that keep the current page. */}
          <Suspense fallback={<LoadingStatus />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="app-footer">
        <p>{t`liner — discover, rate and share music.`}</p>
      </footer>
    </>
  );
}
