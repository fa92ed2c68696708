import type { UserRole } from '@liner/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
import { authClient } from './auth-client.ts';
import { queryKeys } from './query-keys.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
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

/** The session check got no answer (rate limit, server error, network): it says nothing about who is signed in. */
export class SessionCheckError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Only a successful answer decides who is signed in (no session in it: signed out). Anything else
 * throws, so TanStack Query keeps the state it had and asks again: a 429 must not sign anyone out.
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { data, error } = await authClient.getSession();
  if (error) throw new SessionCheckError(error.status, error.message ?? error.statusText);
  if (!data) return null;
  const raw = data.user as typeof data.user & { role?: string | null };
  return {
    id: raw.id,
    email: raw.email,
    emailVerified: raw.emailVerified === true,
    name: raw.name,
    image: raw.image ?? null,
    role: raw.role === 'admin' ? 'admin' : 'user',
  };
}

/** 0.5 s, 1 s, 2 s, … up to 30 s between attempts. */
export const sessionRetryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 30_000);

/** Drops every cached answer that belongs to someone other than `userId` (null: a visitor). */
export function forgetOtherUsers(queryClient: QueryClient, userId: string | null): void {
  queryClient.removeQueries({ queryKey: queryKeys.me, predicate: (query) => query.queryKey[1] !== userId });
}

/**
 * Holds the signed-in user for the whole app. The session lives in TanStack Query so that
 * `refetch` can be awaited: a page that signs someone in navigates only once guards see them.
 * Only the first check blocks rendering; background refetches keep what is on screen, and a failed
 * check keeps the previous state while it retries.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSessionUser,
    staleTime: 5 * 60_000,
    // Until the server answers, nobody is known to be signed out: keep asking, more slowly each time.
    retry: true,
    retryDelay: sessionRetryDelay,
  });
  const userId = session.data?.id ?? null;
  const { refetch: refetchSession } = session;
  // The provider's own query: the same patient retries, so a rate-limited check waits rather than
  // fails. Stable, so pages can re-read the session from an effect.
  const refetch = useCallback(async () => {
    await refetchSession();
  }, [refetchSession]);
  // Load-bearing for privacy: sign-in, sign-out, account deletion and an expired session all change
  // the user id, and whatever was cached for the previous user goes with it. After the render that
  // switched keys, so no mounted component is still reading (and refetching) the old user's keys.
  useEffect(() => forgetOtherUsers(queryClient, userId), [queryClient, userId]);
  const value: SessionState = {
    user: session.data ?? null,
    isLoading: session.isPending,
    refetch,
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in user's id, or null for a visitor: the second part of every per-user query key. */
export function useUserId(): string | null {
  return useSession().user?.id ?? null;
}
