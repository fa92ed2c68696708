import { ListPostsQuerySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/session.ts';
import type { PostsService } from './posts.service.ts';

export function postsRoutes(app: FastifyInstance, posts: PostsService): void {
  app.post('/api/posts', async (request, reply) => {
    const user = await requireUser(request);
    const created = await posts.createNote(user, (request.body ?? {}) as { title?: unknown; content?: unknown });
    return reply.status(201).send(created);
  });

  app.get('/api/users/:userId/posts', async (request) => {
    const { userId } = request.params as { userId: string };
    return posts.listByUser(userId, ListPostsQuerySchema.parse(request.query));
  });

  app.delete('/api/posts/:postId', async (request, reply) => {
    const user = await requireUser(request);
    await posts.delete(user, (request.params as { postId: string }).postId);
    return reply.status(204).send();
  });
}
