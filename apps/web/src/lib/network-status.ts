import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * One answer to "are we online" for the whole app: TanStack Query's onlineManager, which pauses
 * queries and mutations while offline and resumes them when the connection returns. It assumes
 * "online" until an `offline` event; a page opened without a connection never sees that event, so
 * this starts it from `navigator.onLine` (load-bearing: otherwise the first requests fail and
 * retry blind instead of waiting for the connection).
 */
export function startNetworkStatus(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}

export const isOnline = (): boolean => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Resolves when the connection is back (at once when it is there). */
export function whenOnline(): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A page's code, loaded again once the connection is back if it failed to load while offline: the
 * app stays on the current page under the offline banner instead of showing 'Something went wrong'.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (onlineManager.isOnline() && navigator.onLine !== false) throw error;
      await whenOnline();
    }
  }
}
