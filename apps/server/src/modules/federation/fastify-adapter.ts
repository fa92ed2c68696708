import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, badRequest } from '../../lib/errors.ts';

/**
 * Fedify speaks the Web's Request and Response; this serves it from Fastify (ADR 52: there is no
 * Fastify package for Fedify 2 here, and upstream's builds bodies Node 24 refuses).
 * - Its routes live in their own scope, whose only body parser keeps the exact bytes of any type:
 *   a signature's digest is over them, and the app's JSON-only parsing does not apply here.
 * - The Request is built on PUBLIC_URL's origin, never on the Host header a client chose: actors,
 *   key ids and signatures are checked against the address other servers know.
 * - An activity is at most INBOX_BODY_MAX; a bigger one is refused as malformed, before Fedify
 *   reads it or fetches a key for it.
 */

/** Far above any activity (Mastodon's biggest posts are a few KB), far below the app's 1 MB bodies. */
export const INBOX_BODY_MAX = 256 * 1024;

export type FetchHandler = (request: Request) => Promise<Response>;

export interface FederationRoutes {
  /** Fedify's own addresses: WebFinger, NodeInfo and everything under /ap/. */
  fedify: FetchHandler;
  /** Asked first for every request Fedify would get: an answer here (a refusal) stops it there. */
  guard?: (request: FastifyRequest, web: Request) => Promise<Response | undefined>;
  /** Everything else this scope answers itself (host-meta, a profile page asked for as an actor). */
  extra?: (scope: FastifyInstance, toWeb: (request: FastifyRequest) => Request, send: typeof sendResponse) => void;
}

const FEDIFY_PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1'];

export function serveFederation(app: FastifyInstance, publicUrl: string, routes: FederationRoutes): void {
  const origin = new URL(publicUrl).origin;
  const toWeb = (request: FastifyRequest): Request => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
    return new Request(new URL(request.url, origin), { method: request.method, headers, body });
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOX_BODY_MAX }, (_request, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error, _request, _reply) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw badRequest(`An activity may be at most ${INBOX_BODY_MAX / 1024} KB`);
      }
      throw error;
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const web = toWeb(request);
      const refused = await routes.guard?.(request, web);
      return sendResponse(reply, refused ?? (await routes.fedify(web)));
    };
    scope.route({ method: ['GET', 'HEAD', 'POST'], url: '/ap/*', handler });
    for (const url of FEDIFY_PATHS) scope.route({ method: ['GET', 'HEAD'], url, handler });
    routes.extra?.(scope, toWeb, sendResponse);
  });
}

/** Hands a Web Response to Fastify: status, headers and the body's bytes. */
export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    // Fastify measures the body it sends (and compression may change it).
    if (name !== 'content-length') reply.header(name, value);
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  return reply.send(body);
}

/** Our error shape for what Fedify does not route or cannot serve in the format asked. */
export function errorResponse(error: AppError): Response {
  return new Response(JSON.stringify({ error: { code: error.code, message: error.message } }), {
    status: error.statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
