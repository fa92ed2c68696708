import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/session.ts';
import type { RateLaterService } from './ratelater.service.ts';

/** Rate Later (spec §4, §7). Routes are thin; the rules are in RateLaterService. */
export function rateLaterRoutes(app: FastifyInstance, rateLater: RateLaterService): void {
  app.get('/api/users/me/ratelater', async (request) => rateLater.list((await requireUser(request)).id));

  app.post('/api/users/me/ratelater', async (request, reply) => {
    const entry = await rateLater.add(await request.sessionUser(), request.body);
    return reply.status(201).send(entry);
  });

  app.delete('/api/users/me/ratelater/:albumId', async (request, reply) => {
    const user = await requireUser(request);
    await rateLater.remove(user, (request.params as { albumId: string }).albumId);
    return reply.status(204).send();
  });

  // A profile's 'Want to Listen' list is public (spec §2).
  app.get('/api/users/:userId/ratelater', async (request) =>
    rateLater.listOf((request.params as { userId: string }).userId),
  );
}
