import type { UserRole } from '@liner/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionReader } from '../auth/session-reader.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export interface SessionUser {
  id: string;
  /** The session this request came with. */
  sessionId: string;
  email: string;
  name: string;
  image: string | null;
  role: UserRole;
}

/**
 * Who acts in a service: a signed-in member, or a person of another server whose activity arrived
 * (ADR 53). Services that only need to know who and whether they moderate take this.
 */
export type Actor = Pick<SessionUser, 'id' | 'role'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (session cookie), looked up once per request. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function registerSession(app: FastifyInstance, sessions: Pick<SessionReader, 'read'>): void {
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = sessions.read(this.headers).then((session) => session?.user ?? null);
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

export type RouteAccess = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Checked before the body is validated (a signed-out caller gets 401, not 400). */
    access?: RouteAccess;
    /** The spec's wording for a signed-out caller, where it has its own (spec §4, §9). */
    signedOutMessage?: string;
  }
}

const checkedUsers = new WeakMap<FastifyRequest, SessionUser>();

/** The check a route's `config.access` asks for (added by the API schema plugin). */
export function accessCheck(access: RouteAccess, signedOutMessage?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await request.sessionUser();
    if (!user) throw unauthorized(signedOutMessage);
    if (access === 'admin' && user.role !== 'admin') throw forbidden();
    checkedUsers.set(request, user);
  };
}

/**
 * The signed-in user (an admin, where the route says so) that the route's declared
 * `config.access` let in: access is declared once, on the route, and the handler reads who passed.
 * A handler of a route that declares no access has no such user: that is a mistake in the route.
 */
export function userOf(request: FastifyRequest): SessionUser {
  const user = checkedUsers.get(request);
  if (!user) throw new Error(`${request.method} ${request.routeOptions.url} reads its user but declares no access`);
  return user;
}
