import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadCache } from './read-cache.ts';

/**
 * Catalogue reads are the same for everyone and change slowly: shared caches and browsers may keep
 * one for a few seconds and serve it stale for a minute while they revalidate (with its ETag: a
 * 304 costs us no serialisation and the client no body). Only answers are marked; errors are not.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;

/** Whether If-None-Match names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/**
 * brotli, else gzip, as Accept-Encoding allows (the order @fastify/static chooses for files):
 * `q=0` refuses a coding, `*` stands for any not named; null for neither.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return null;
}

/**
 * Answers from `cache` under `key`, computing the body with `produce` (serialised by the route's
 * own response schema) when it is not there: 304 when the client has it already, else the JSON,
 * compressed once per entry when the client accepts it.
 */
export async function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  produce: () => Promise<T>,
): Promise<FastifyReply> {
  // The route's own serializer (fast-json-stringify from its 200 schema) writes JSON text.
  const entry = await cache.get(key, async () => String(reply.serialize(await produce())));
  // A spoiler-free member's answer is made from the same entry without the scores they may not
  // see (plugins/score-veil.ts, on serialising): theirs alone, kept by no cache.
  const scores = request.routeOptions.config.scores === true;
  if (scores && (await request.spoilerFreeViewer())) {
    return reply.header('cache-control', 'private, no-store').send(JSON.parse(entry.bytes.toString()) as T);
  }
  // With scores, who asks decides what the answer holds: a shared cache must not hand everyone's
  // answer to a member whose cookie would have got another.
  reply
    .header('cache-control', CATALOG_CACHE_CONTROL)
    .header('etag', entry.etag)
    .header('vary', scores ? 'accept-encoding, cookie' : 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    entry.bytes.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding) return reply.header('content-encoding', encoding).send(entry.encoded(encoding));
  return reply.send(entry.bytes);
}
