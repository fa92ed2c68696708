import {
  AlbumParamsSchema,
  DiaryPageSchema,
  DiaryQuerySchema,
  ListenListSchema,
  ListenParamsSchema,
  ListenSchema,
  LogListenBodySchema,
  NoContentSchema,
  UpdateListenBodySchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { ListensService } from './listens.service.ts';

/** The listening diary. Routes are thin; the rules are in ListensService. */
export function listensRoutes(app: ApiApp, listens: ListensService): void {
  app.post(
    '/api/albums/:albumId/listens',
    {
      config: { access: 'user', signedOutMessage: 'Please log in to log a listen' },
      schema: {
        summary: 'Log a listen of an album (today unless a past day is given)',
        params: AlbumParamsSchema,
        body: LogListenBodySchema,
        response: { 201: ListenSchema },
      },
    },
    async (request, reply) => {
      const listen = await listens.log(userOf(request), request.params.albumId, request.body);
      return reply.status(201).send(listen);
    },
  );

  app.get(
    '/api/albums/:albumId/listens/mine',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Your listens of an album, newest first',
        params: AlbumParamsSchema,
        response: { 200: ListenListSchema },
      },
    },
    async (request) => listens.mine(userOf(request), request.params.albumId),
  );

  app.get(
    '/api/users/:userId/diary',
    {
      schema: {
        summary: "Someone's listening diary, newest first (public)",
        params: UserParamsSchema,
        querystring: DiaryQuerySchema,
        response: { 200: DiaryPageSchema },
      },
    },
    async (request) => listens.diary(await request.sessionUser(), request.params.userId, request.query),
  );

  app.patch(
    '/api/listens/:listenId',
    {
      config: { access: 'user' },
      schema: {
        summary: "Change one of your listens' day or relisten flag",
        params: ListenParamsSchema,
        body: UpdateListenBodySchema,
        response: { 200: ListenSchema },
      },
    },
    async (request) => listens.update(userOf(request), request.params.listenId, request.body),
  );

  app.delete(
    '/api/listens/:listenId',
    {
      config: { access: 'user' },
      schema: { summary: 'Delete one of your listens', params: ListenParamsSchema, response: { 204: NoContentSchema } },
    },
    async (request, reply) => {
      await listens.delete(userOf(request), request.params.listenId);
      return reply.status(204).send(null);
    },
  );
}
