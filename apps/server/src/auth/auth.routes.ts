import type { FastifyInstance } from 'fastify';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/** Hands /api/auth/* to Better Auth as a Fetch Request, and its Response back to Fastify. */
export function authRoutes(app: FastifyInstance, auth: Auth): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue;
        if (Array.isArray(value)) for (const v of value) headers.append(key, v);
        else headers.set(key, value);
      }
      // The only IP Better Auth sees is Fastify's request.ip (X-Forwarded-For only behind TRUST_PROXY),
      // so a caller cannot reset its own rate limit by sending a header.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      return reply.send(text.length > 0 ? text : null);
    },
  });
}
