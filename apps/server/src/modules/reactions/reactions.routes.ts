import {
  CommentBodySchema,
  CommentPageSchema,
  CommentParamsSchema,
  CommentSchema,
  LikedPageSchema,
  LikeStateSchema,
  NoContentSchema,
  PageQuerySchema,
  type SubjectType,
  UserParamsSchema,
} from '@liner/shared';
import * as z from 'zod/mini';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { ReactionsService } from './reactions.service.ts';

/** Where each kind of subject lives in the API: its path and the name of its id there. */
const SUBJECT_PATHS: Record<SubjectType, { base: string; param: string; noun: string }> = {
  post: { base: '/api/posts', param: 'postId', noun: 'a note or review' },
  list: { base: '/api/lists', param: 'listId', noun: 'a list' },
};

function subjectRoutes(app: ApiApp, reactions: ReactionsService, type: SubjectType): void {
  const { base, param, noun } = SUBJECT_PATHS[type];
  const params = z.object({ [param]: z.string().check(z.minLength(1), z.maxLength(200)) });
  const path = `${base}/:${param}`;
  const refOf = (values: Record<string, string>) => ({ type, id: values[param] as string });

  app.post(
    `${path}/like`,
    {
      config: { access: 'user' },
      schema: { summary: `Like ${noun}`, params, response: { 200: LikeStateSchema } },
    },
    async (request) => reactions.like(userOf(request), refOf(request.params)),
  );

  app.delete(
    `${path}/like`,
    {
      config: { access: 'user' },
      schema: { summary: `Take back your like of ${noun}`, params, response: { 200: LikeStateSchema } },
    },
    async (request) => reactions.unlike(userOf(request), refOf(request.params)),
  );

  app.get(
    `${path}/comments`,
    {
      schema: {
        summary: `The comments on ${noun}, oldest first`,
        params,
        querystring: PageQuerySchema,
        response: { 200: CommentPageSchema },
      },
    },
    async (request) => reactions.comments(await request.sessionUser(), refOf(request.params), request.query),
  );

  app.post(
    `${path}/comments`,
    {
      config: { access: 'user' },
      schema: { summary: `Comment on ${noun}`, params, body: CommentBodySchema, response: { 201: CommentSchema } },
    },
    async (request, reply) => {
      const created = await reactions.comment(userOf(request), refOf(request.params), request.body);
      return reply.status(201).send(created);
    },
  );
}

export function reactionsRoutes(app: ApiApp, reactions: ReactionsService): void {
  for (const type of reactions.subjectTypes()) subjectRoutes(app, reactions, type);

  app.patch(
    '/api/comments/:commentId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Edit one of your comments',
        params: CommentParamsSchema,
        body: CommentBodySchema,
        response: { 200: CommentSchema },
      },
    },
    async (request) => reactions.editComment(userOf(request), request.params.commentId, request.body),
  );

  app.delete(
    '/api/comments/:commentId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Delete a comment: yours, one on your post or list, or any as an admin',
        params: CommentParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await reactions.deleteComment(userOf(request), request.params.commentId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:userId/likes',
    {
      schema: {
        summary: 'What someone liked, newest first (the Likes tab of their profile)',
        params: UserParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: LikedPageSchema },
      },
    },
    async (request) => reactions.likedBy(request.params.userId, await request.sessionUser(), request.query),
  );
}
