import { Outlet } from 'react-router';
import { TopBar } from '../components/layouts/top-bar.tsx';
import { ConnectivityBanner } from '../components/ui/connectivity-banner.tsx';
import { HeaderSearch } from '../features/search/components/header-search.tsx';
import { useSession } from '../lib/session.tsx';

/** Top bar, page and connectivity banner. Nothing renders until the first auth check finishes. */
export function AppLayout() {
  const { isLoading } = useSession();
  if (isLoading) {
    return <div className="center-state">Loading...</div>;
  }
  return (
    <>
      <TopBar renderSearch={(onDone) => <HeaderSearch onDone={onDone} />} />
      <main>
        <Outlet />
      </main>
      <ConnectivityBanner />
    </>
  );
}
