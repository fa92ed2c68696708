import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toFetchHeaders } from '../lib/fetch-headers.ts';
import type { Auth } from './auth.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import type { AuthGuard } from './auth-guard.ts';
import type { SessionReader } from './session-reader.ts';

/** Hands /api/auth/* to Better Auth as a Fetch Request, and its Response back to Fastify. */
export function authRoutes(
  app: FastifyInstance,
  auth: Auth,
  guard: AuthGuard,
  options: { publicUrl: string; sessions: SessionReader },
): void {
  const { publicUrl, sessions } = options;

  /** Better Auth's answer, sent; `answered` sees its status and (token-free) body. */
  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    answered?: (status: number, text: string) => void,
  ): Promise<FastifyReply> {
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
    answered?.(response.status, text);
    return reply.send(text.length > 0 ? text : null);
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Better Auth's endpoints are documented one by one from its own description (plugins/api-docs.ts).
    schema: { hide: true },
    handler: (request, reply) => forward(request, reply),
  });

  // The web app asks who is signed in on every page: answered from the session cache when it can,
  // exactly as Better Auth would, and by Better Auth when the session is not there, is due to be
  // renewed (its cookie is then sent again), or the query asks for something special.
  app.get('/api/auth/get-session', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.includes('?')) return forward(request, reply);
    const cookie = sessions.cookieOf(request.headers);
    if (cookie.kind === 'none') return sendSession(reply, 'null');
    if (cookie.kind === 'forged') return forward(request, reply);
    const answer = sessions.answerFor(cookie.token);
    if (answer !== undefined) return sendSession(reply, answer);
    const generation = sessions.generation;
    return forward(request, reply, (status, text) => {
      if (status === 200) sessions.remember(cookie.token, parseJson(text), generation);
    });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Better Auth's get-session headers: never stored by the browser or anything between. */
function sendSession(reply: FastifyReply, json: string): FastifyReply {
  return reply
    .header('content-type', 'application/json')
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send(json);
}
