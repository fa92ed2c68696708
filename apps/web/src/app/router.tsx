import { type ComponentType, lazy, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { ErrorScreen } from '../components/ui/error-screen.tsx';
import { loadWhenOnline } from '../lib/network-status.ts';
import { AppLayout } from './layout.tsx';

/**
 * A page's code, fetched when it is first shown. A page whose code cannot load while offline waits
 * for the connection instead of failing; navigations are transitions, so the current page stays
 * on screen meanwhile.
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(async () => ({ default: (await loadWhenOnline(load)).Component }));
}

const Home = lazyPage(() => import('./routes/home.tsx'));

// The other routes, and what loads each page, are a chunk of their own: the home route does not
// need them to paint (DESIGN.md budget). A page opened directly fetches them first.
const otherRoutesCode = () => import('./other-routes.tsx');
const OtherRoutes = lazyPage(otherRoutesCode);

/**
 * Fetches the other routes once the browser is idle after the first page, so that following a link
 * from the home page waits for that page's code alone. A failure here is retried by OtherRoutes.
 */
function usePrefetchOtherRoutes() {
  useEffect(() => {
    const prefetch = () => void otherRoutesCode().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(prefetch, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(prefetch, 1000);
    return () => clearTimeout(id);
  }, []);
}

/**
 * Every page is loaded lazily so the home route's JavaScript stays small (DESIGN.md budget), and the
 * routes are React Router's declarative ones rather than its data router, whose code alone would
 * take a quarter of that budget (ADR 24). A page that fails shows ErrorScreen inside the layout
 * (app/layout.tsx); a layout that fails shows it alone.
 */
export function AppRoutes() {
  usePrefetchOtherRoutes();
  return (
    <ErrorBoundary fallback={<ErrorScreen />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/" element={<Home />} />
          <Route path="*" element={<OtherRoutes />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
