import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingStatus } from '../components/ui/skeleton.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';

/**
 * Signed-in-only routes send anonymous visitors to /login (spec §2, Route guards). The shell does not
 * wait for the session check, so the guard does: nobody is sent away before the check answers.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <LoadingStatus />;
  if (!user) return <Navigate to={paths.login()} replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** The admin route: anonymous visitors to /login, signed-in non-admins to /. The server checks again. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingStatus />;
  if (!user) return <Navigate to={paths.login()} replace />;
  if (user.role !== 'admin') return <Navigate to={paths.home()} replace />;
  return children ?? <Outlet />;
}
