import { createAuthClient } from 'better-auth/client';

/** Better Auth's client, on the same origin as the SPA (its routes live under /api/auth). */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: {
    // Better Auth keeps the `fetch` it saw at start-up; reading it at each call lets tests stub it.
    customFetchImpl: (input, init) => fetch(input, init),
  },
});

/** POST /api/auth/sign-out. Here, not in a feature, because the app's top bar (a layout) needs it. */
export async function signOut(): Promise<void> {
  await authClient.signOut();
}
