import type { UserRole } from '@liner/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { toFetchHeaders } from '../lib/fetch-headers.ts';

export interface SessionUser {
  id: string;
  /** The session this request came with. */
  sessionId: string;
  email: string;
  name: string;
  image: string | null;
  role: UserRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (session cookie), looked up once per request. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function registerSession(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = auth.api.getSession({ headers: toFetchHeaders(this.headers) }).then((session) => {
        if (!session) return null;
        const user = session.user as typeof session.user & { role?: string | null; suspendedAt?: unknown };
        // Suspension ends sessions; one that raced it still opens nothing (ADR 30).
        if (user.suspendedAt) return null;
        return {
          id: user.id,
          sessionId: session.session.id,
          email: user.email,
          name: user.name,
          image: user.image ?? null,
          role: user.role === 'admin' ? 'admin' : 'user',
        } satisfies SessionUser;
      });
      cache.set(this, pending);
    }
    return pending;
  });

  // An answer made for a signed-in member may hold what only they may read (ADR 41): no cache, the
  // browser's included, keeps it. Answers the same for everyone (the catalogue's) keep theirs.
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = cache.get(request);
    if (!pending || !(await pending.catch(() => null))) return payload;
    const current = reply.getHeader('cache-control');
    if (current === undefined || /private|no-cache/.test(String(current)))
      reply.header('cache-control', 'private, no-store');
    return payload;
  });
}

/** 401 'User not authenticated' unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw unauthorized();
  return user;
}

/** 401 when signed out, 403 when signed in without the admin role. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw forbidden();
  return user;
}

export type RouteAccess = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Checked before the body is validated (a signed-out caller gets 401, not 400). */
    access?: RouteAccess;
    /** The spec's wording for a signed-out caller, where it has its own (spec §4, §9). */
    signedOutMessage?: string;
  }
}

/** The check a route's `config.access` asks for (added by the API schema plugin). */
export function accessCheck(access: RouteAccess, signedOutMessage?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await request.sessionUser();
    if (!user) throw unauthorized(signedOutMessage);
    if (access === 'admin' && user.role !== 'admin') throw forbidden();
  };
}
