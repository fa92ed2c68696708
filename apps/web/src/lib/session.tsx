import type { UserRole } from '@liner/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { authClient } from './auth-client.ts';
import { queryKeys } from './query-keys.ts';

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
  /** Re-reads the session from the server; resolves once the app sees the new state. */
  refetch: () => Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

async function fetchSessionUser(): Promise<SessionUser | null> {
  const { data, error } = await authClient.getSession();
  if (error || !data) return null;
  const raw = data.user as typeof data.user & { role?: string | null };
  return {
    id: raw.id,
    email: raw.email,
    name: raw.name,
    image: raw.image ?? null,
    role: raw.role === 'admin' ? 'admin' : 'user',
  };
}

/**
 * Holds the signed-in user for the whole app. The session lives in TanStack Query so that
 * `refetch` can be awaited: a page that signs someone in navigates only once guards see them.
 * Only the first check blocks rendering; background refetches keep what is on screen.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSessionUser,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const value: SessionState = {
    user: session.data ?? null,
    isLoading: session.isPending,
    refetch: async () => {
      await queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: fetchSessionUser, staleTime: 0 });
      // Whatever belonged to the previous user is no longer theirs to see.
      queryClient.removeQueries({ queryKey: queryKeys.profiles });
    },
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
