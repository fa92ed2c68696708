import type { FastifyInstance } from 'fastify';
import { toFetchHeaders } from '../lib/fetch-headers.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import type { AuthGuard } from './auth-guard.ts';

/** Hands /api/auth/* to Better Auth as a Fetch Request, and its Response back to Fastify. */
export function authRoutes(app: FastifyInstance, auth: Auth, guard: AuthGuard, publicUrl: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Better Auth's endpoints are documented one by one from its own description (plugins/api-docs.ts).
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, publicUrl);
      const path = url.pathname.slice('/api/auth'.length);
      const checked = await guard.before(request, reply, path);
      if ('refused' in checked) return reply;

      const headers = toFetchHeaders(request.headers, CLIENT_IP_HEADER);
      // The only IP Better Auth sees is Fastify's request.ip (X-Forwarded-For only from the proxies
      // TRUST_PROXY names), so a caller cannot reset its own rate limit by sending a header.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      const text = await guard.after(request, path, checked.account, response.status, await response.text());
      // Client errors (wrong password, taken name) are answers, not faults: only 5xx reach the log.
      if (response.status >= 500) request.log.error({ status: response.status, path }, '[auth] request failed');

      reply.status(response.status);
      response.headers.forEach((value, key) => {
        // The body may have been rewritten (tokens stripped): Fastify sets the length itself.
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      // Better Auth's limiter says when to come back in its own header; clients read the standard one.
      const retryAfter = response.headers.get('x-retry-after');
      if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(text.length > 0 ? text : null);
    },
  });
}
