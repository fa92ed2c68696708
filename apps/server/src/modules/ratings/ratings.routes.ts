import { SetTrackRatingBodySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/session.ts';
import type { RatingsService } from './ratings.service.ts';

export function ratingsRoutes(app: FastifyInstance, ratings: RatingsService): void {
  app.get('/api/albums/:albumId/my-ratings', async (request) => {
    const user = await requireUser(request);
    return ratings.mine(user, (request.params as { albumId: string }).albumId);
  });

  app.put('/api/albums/:albumId/tracks/:trackId/rating', async (request) => {
    const user = await request.sessionUser();
    // Spec §4: ratings are accepted only when signed in.
    if (!user) throw unauthorized('Please log in to rate songs');
    const { albumId, trackId } = request.params as { albumId: string; trackId: string };
    const { rating } = SetTrackRatingBodySchema.parse(request.body ?? {});
    return ratings.setTrackRating(user, albumId, trackId, rating);
  });

  app.get('/api/albums/:albumId/community', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return ratings.community((request.params as { albumId: string }).albumId);
  });
}
