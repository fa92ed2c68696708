import type { UserRole } from '@liner/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
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

/** What Better Auth's GET /api/auth/get-session answers: null when nobody is signed in. */
interface SessionAnswer {
  user: {
    id: string;
    email: string;
    emailVerified?: boolean | null;
    name: string;
    image?: string | null;
    role?: string | null;
  };
}

/**
 * Only a successful answer decides who is signed in (no session in it: signed out). Anything else
 * throws, so TanStack Query keeps the state it had and asks again: a 429 must not sign anyone out.
 * A plain fetch, not Better Auth's client: that client stays out of the entry chunk (DESIGN.md
 * budget) and is loaded only by the pages and actions that sign in, out or up.
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  const text = await response.text();
  const body = readJson(text);
  if (!response.ok || body === undefined) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new SessionCheckError(response.status, typeof message === 'string' ? message : response.statusText);
  }
  const raw = (body as SessionAnswer | null)?.user;
  if (!raw) return null;
  return {
    id: raw.id,
    email: raw.email,
    emailVerified: raw.emailVerified === true,
    name: raw.name,
    image: raw.image ?? null,
    role: raw.role === 'admin' ? 'admin' : 'user',
  };
}

/** The answer's JSON (an empty body is null); undefined when it is not JSON, which decides nothing. */
function readJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** 0.5 s, 1 s, 2 s, … up to 30 s between attempts. */
export const sessionRetryDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 30_000);

/** Drops every cached answer that belongs to someone other than `userId` (null: a visitor). */
export function forgetOtherUsers(queryClient: QueryClient, userId: string | null): void {
  queryClient.removeQueries({ queryKey: queryKeys.me, predicate: (query) => query.queryKey[1] !== userId });
  // Posts say whether the viewer liked them (on profiles, the Likes tab and an album's reviews):
  // public otherwise, so they are refetched for the new viewer rather than kept per user.
  void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
  // A profile says how the viewer stands to its owner (blocked, muted, requested, what they may see).
  void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
  void queryClient.invalidateQueries({
    queryKey: queryKeys.albums,
    predicate: (query) => query.queryKey[2] === 'community',
  });
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
