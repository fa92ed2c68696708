import type { FastifyReply } from 'fastify';

/**
 * Catalogue reads are the same for everyone and change slowly: shared caches may keep them a
 * minute. Only answers are marked; an error thrown while producing one is not.
 */
export async function cacheable<T>(reply: FastifyReply, answer: Promise<T>): Promise<FastifyReply> {
  const body = await answer;
  return reply.header('cache-control', 'public, max-age=60').send(body);
}
