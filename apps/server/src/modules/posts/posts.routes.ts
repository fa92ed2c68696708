import {
  CreateNoteBodySchema,
  ListPostsQuerySchema,
  NoContentSchema,
  PostPageSchema,
  PostParamsSchema,
  PostSchema,
  UpdatePostBodySchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { PostsService } from './posts.service.ts';

export function postsRoutes(app: ApiApp, posts: PostsService): void {
  app.post(
    '/api/posts',
    {
      config: { access: 'user' },
      schema: { summary: 'Write a note', body: CreateNoteBodySchema, response: { 201: PostSchema } },
    },
    async (request, reply) => {
      const created = await posts.createNote(userOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/users/:userId/posts',
    {
      schema: {
        summary: "Someone's notes and reviews, newest first",
        params: UserParamsSchema,
        querystring: ListPostsQuerySchema,
        response: { 200: PostPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return posts.listByUser(request.params.userId, request.query, await request.sessionUser());
    },
  );

  app.get(
    '/api/posts/:postId',
    {
      schema: {
        summary: 'One note or review: its text, album, rating, likes and comment count',
        params: PostParamsSchema,
        response: { 200: PostSchema },
      },
    },
    async (request, reply) => {
      // What "liked by me" says depends on who asks.
      reply.header('cache-control', 'private, no-cache');
      return posts.get(request.params.postId, await request.sessionUser());
    },
  );

  app.patch(
    '/api/posts/:postId',
    {
      config: { access: 'user' },
      schema: {
        summary: "Edit one of your posts: a note's title and content, a review's text and rating",
        params: PostParamsSchema,
        body: UpdatePostBodySchema,
        response: { 200: PostSchema },
      },
    },
    async (request) => posts.update(userOf(request), request.params.postId, request.body),
  );

  app.delete(
    '/api/posts/:postId',
    {
      config: { access: 'user' },
      schema: { summary: 'Delete one of your posts', params: PostParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await posts.delete(userOf(request), request.params.postId);
      return reply.status(204).send(null);
    },
  );
}
