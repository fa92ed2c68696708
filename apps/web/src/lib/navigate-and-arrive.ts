import { useEffect } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';

/**
 * Navigations are transitions (ADR 24): the page on screen stays until the next one's code has
 * arrived, and `navigate()` returns before that. Signing out or deleting the account must leave the
 * signed-in-only page before the session is forgotten, or its guard sends the person to /login; so
 * they wait until the new address is the one rendered.
 */
const waiting = new Map<string, Set<() => void>>();

/** Resolves every wait for `pathname`; called by the layout once a location is committed. */
function arrivedAt(pathname: string): void {
  const resolvers = waiting.get(pathname);
  if (!resolvers) return;
  waiting.delete(pathname);
  for (const resolve of resolvers) resolve();
}

/** The layout's half: reports each committed location. */
export function useReportArrivals(): void {
  const { pathname } = useLocation();
  useEffect(() => arrivedAt(pathname), [pathname]);
}

/** However long a page's code takes, the caller goes on after this (the navigation may have failed). */
const ARRIVAL_TIMEOUT_MS = 10_000;

/** navigate(), resolving once the app renders `path` (at once when it is there already). */
export function useNavigateAndArrive(): (path: string, options?: NavigateOptions) => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (path, options) => {
    if (path === pathname) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const resolvers = waiting.get(path) ?? new Set();
      const done = () => {
        clearTimeout(timer);
        resolvers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ARRIVAL_TIMEOUT_MS);
      resolvers.add(done);
      waiting.set(path, resolvers);
      void navigate(path, options);
    });
  };
}
