import { AddToCollectionBodySchema, SetCollectionRatingBodySchema } from '@liner/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/session.ts';
import type { CollectionService } from './collection.service.ts';

const albumIdOf = (request: FastifyRequest) => (request.params as { albumId: string }).albumId;

/** Spec §7 'Collection and Rate Later': the signed-in user's own list only; plus the public view. */
export function collectionRoutes(app: FastifyInstance, collection: CollectionService): void {
  app.get('/api/users/me/collection', async (request) => collection.list((await requireUser(request)).id));

  app.post('/api/users/me/collection', async (request, reply) => {
    const user = await requireUser(request);
    const entry = await collection.add(user, AddToCollectionBodySchema.parse(request.body ?? {}));
    return reply.status(201).send(entry);
  });

  app.put('/api/users/me/collection/:albumId/rating', async (request) => {
    const user = await requireUser(request);
    const { rating } = SetCollectionRatingBodySchema.parse(request.body ?? {});
    return collection.setRating(user, albumIdOf(request), rating);
  });

  app.delete('/api/users/me/collection/:albumId', async (request, reply) => {
    const user = await requireUser(request);
    await collection.remove(user, albumIdOf(request));
    return reply.status(204).send();
  });

  app.get('/api/users/:userId/collection', async (request) =>
    collection.listOf((request.params as { userId: string }).userId),
  );
}
