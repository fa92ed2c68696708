import { createAuthClient } from 'better-auth/client';

/**
 * Better Auth's client, on the same origin as the SPA (its routes live under /api/auth). Only lazy
 * pages and on-demand actions import it: it must stay out of the entry chunk (DESIGN.md budget), so
 * the session check (lib/session.tsx) is a plain fetch.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: {
    // Better Auth keeps the `fetch` it saw at start-up; reading it at each call lets tests stub it.
    customFetchImpl: (input, init) => fetch(input, init),
  },
});

/** POST /api/auth/sign-out. Here, not in a feature, because the app's top bar (a layout) needs it; it imports this on demand. */
export async function signOut(): Promise<void> {
  await authClient.signOut();
}
