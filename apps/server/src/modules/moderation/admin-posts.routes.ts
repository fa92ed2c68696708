import {
  MODERATION_POSTS_PAGE_SIZE,
  ModerationPostsQuerySchema,
  NoContentSchema,
  PostPageSchema,
  PostParamsSchema,
} from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { PostsService } from '../posts/index.ts';
import type { ModerationService } from './reports.service.ts';

/**
 * The dashboard's list of everyone's posts and their removal: removing one closes its reports and
 * writes the audit entry (ModerationService.removePost).
 */
export function adminPostsRoutes(
  app: ApiApp,
  { posts, moderation, log }: { posts: PostsService; moderation: ModerationService; log: FastifyInstance['log'] },
): void {
  app.get(
    '/api/admin/posts',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Everyone's notes and reviews, newest first",
        querystring: ModerationPostsQuerySchema,
        response: { 200: PostPageSchema },
      },
    },
    async (request) => {
      return posts.listRecent(request.query, MODERATION_POSTS_PAGE_SIZE);
    },
  );

  app.delete(
    '/api/admin/posts/:postId',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Remove someone's note or review",
        params: PostParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      const admin = userOf(request);
      const { authorId } = await moderation.removePost(admin, request.params.postId);
      log.info({ adminId: admin.id, postId: request.params.postId, authorId }, 'admin removed a post');
      return reply.status(204).send(null);
    },
  );
}
