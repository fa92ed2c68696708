import type { UserRole } from '@liner/shared';
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { authClient } from './auth-client.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  role: UserRole;
}

export interface SessionState {
  user: SessionUser | null;
  isLoading: boolean;
  /** Re-reads the session from the server (after signing in or out). */
  refetch: () => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

/** Holds the signed-in user for the whole app; nothing renders until the first check finishes. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = authClient.useSession();
  // Only the first check blocks the page; later background refetches (on focus, on reconnect) must
  // not unmount what is on screen.
  const settled = useRef(false);
  if (!isPending) settled.current = true;
  const raw = data?.user as (Partial<SessionUser> & { id: string; email: string; name: string }) | undefined;
  const user: SessionUser | null = raw
    ? {
        id: raw.id,
        email: raw.email,
        name: raw.name,
        image: raw.image ?? null,
        role: raw.role === 'admin' ? 'admin' : 'user',
      }
    : null;
  return (
    <SessionContext.Provider value={{ user, isLoading: !settled.current, refetch: async () => void (await refetch()) }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
