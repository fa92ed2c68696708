import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { FollowsService } from './follows.service.ts';

const targetOf = (request: FastifyRequest) => (request.params as { userId: string }).userId;

export function followsRoutes(app: FastifyInstance, follows: FollowsService): void {
  app.get('/api/users/:userId/follow', async (request) => follows.get(await request.sessionUser(), targetOf(request)));

  app.post('/api/users/:userId/follow', async (request) => {
    const user = await request.sessionUser();
    if (!user) throw unauthorized('User must be logged in to follow others');
    return follows.follow(user, targetOf(request));
  });

  app.delete('/api/users/:userId/follow', async (request) => {
    const user = await request.sessionUser();
    if (!user) throw unauthorized('User must be logged in to unfollow others');
    return follows.unfollow(user, targetOf(request));
  });
}
