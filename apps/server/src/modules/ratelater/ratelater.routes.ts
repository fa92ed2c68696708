import { AddRateLaterBodySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { findAlbum } from '../catalog/catalog.repository.ts';
import { findProfileByUserId } from '../profiles/profiles.repository.ts';
import { addRateLater, listRateLater, removeRateLater } from './ratelater.repository.ts';

/** Rate Later (spec §4, §7). Routes are thin; the rules are the album's existence and ownership. */
export function rateLaterRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  app.get('/api/users/me/ratelater', async (request) => listRateLater(db, (await requireUser(request)).id));

  app.post('/api/users/me/ratelater', async (request, reply) => {
    const user = await request.sessionUser();
    if (!user) throw unauthorized('Please log in to add albums to your rate later list');
    const { albumId } = AddRateLaterBodySchema.parse(request.body ?? {});
    if (!(await findAlbum(db, albumId))) throw notFound('Album not found');
    await addRateLater(db, user.id, albumId);
    const entry = (await listRateLater(db, user.id)).find((e) => e.id === albumId);
    return reply.status(201).send(entry);
  });

  app.delete('/api/users/me/ratelater/:albumId', async (request, reply) => {
    const user = await requireUser(request);
    if (!(await removeRateLater(db, user.id, (request.params as { albumId: string }).albumId))) {
      throw notFound('This album is not in your Rate Later list');
    }
    return reply.status(204).send();
  });

  // A profile's 'Want to Listen' list is public (spec §2).
  app.get('/api/users/:userId/ratelater', async (request) => {
    const { userId } = request.params as { userId: string };
    if (!(await findProfileByUserId(db, userId))) throw notFound('User not found');
    return listRateLater(db, userId);
  });
}
