import { Outlet } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { ConnectivityBanner } from '../ui/connectivity-banner.tsx';
import { TopBar } from './top-bar.tsx';

/** Top bar, page and connectivity banner. Nothing renders until the first auth check finishes. */
export function AppLayout() {
  const { isLoading } = useSession();
  if (isLoading) {
    return <div className="center-state">Loading...</div>;
  }
  return (
    <>
      <TopBar />
      <main>
        <Outlet />
      </main>
      <ConnectivityBanner />
    </>
  );
}
