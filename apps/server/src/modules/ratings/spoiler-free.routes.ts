import { AlbumParamsSchema, NoContentSchema, SpoilerFreeSettingSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { SpoilerFreeService } from './spoiler-free.service.ts';

export function spoilerFreeRoutes(app: ApiApp, spoilerFree: SpoilerFreeService): void {
  app.get(
    '/api/users/me/spoiler-free',
    {
      config: { access: 'user' },
      schema: {
        summary: "Whether others' scores stay hidden until you rate",
        response: { 200: SpoilerFreeSettingSchema },
      },
    },
    async (request) => spoilerFree.setting(userOf(request)),
  );

  app.put(
    '/api/users/me/spoiler-free',
    {
      config: { access: 'user' },
      schema: {
        summary: "Hide others' scores of an album until you rate it (or show them again)",
        body: SpoilerFreeSettingSchema,
        response: { 200: SpoilerFreeSettingSchema },
      },
    },
    async (request) => spoilerFree.change(userOf(request), request.body),
  );

  app.put(
    '/api/users/me/score-reveals/:albumId',
    {
      config: { access: 'user' },
      schema: {
        summary: "Show an album's scores anyway, before rating it",
        params: AlbumParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await spoilerFree.reveal(userOf(request), request.params.albumId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/users/me/score-reveals/:albumId',
    {
      config: { access: 'user' },
      schema: {
        summary: "Hide an album's scores again until you rate it",
        params: AlbumParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await spoilerFree.hideAgain(userOf(request), request.params.albumId);
      return reply.status(204).send(null);
    },
  );
}
