import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Upload routes accept multipart/form-data; every other mutating route only JSON. */
    multipart?: boolean;
  }
}

/**
 * Mutating /api routes refuse cross-site requests: Sec-Fetch-Site first (browsers always send it),
 * then an exact Origin allow-list. Requests without either come from non-browser clients, which
 * cannot ride on a visitor's cookies, so they pass.
 */
export function registerCrossSiteGuard(app: FastifyInstance, trustedOrigins: string[]): void {
  // Every request passes this hook: a callback, not a promise, the cheaper path in Fastify.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) {
      done();
      return;
    }
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      (typeof site === 'string' && site !== 'same-origin' && site !== 'none') ||
      (typeof origin === 'string' && !trustedOrigins.includes(origin));
    done(crossSite ? forbidden('Cross-site requests are not allowed') : undefined);
  });
}
