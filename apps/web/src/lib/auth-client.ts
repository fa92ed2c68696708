import { createAuthClient } from 'better-auth/client';

/** Better Auth's client, on the same origin as the SPA (its routes live under /api/auth). */
export const authClient = createAuthClient({
  basePath: '/api/auth',
});
