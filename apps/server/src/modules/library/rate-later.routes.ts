import {
  AddRateLaterBodySchema,
  AlbumParamsSchema,
  NoContentSchema,
  RateLaterEntrySchema,
  RateLaterListSchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { RateLaterService } from './rate-later.service.ts';

/** Rate Later (spec §4, §7). Routes are thin; the rules are in RateLaterService. */
export function rateLaterRoutes(app: ApiApp, rateLater: RateLaterService): void {
  app.get(
    '/api/users/me/ratelater',
    { config: { access: 'user' }, schema: { summary: 'Your Rate Later list', response: { 200: RateLaterListSchema } } },
    async (request) => rateLater.list(userOf(request).id),
  );

  app.post(
    '/api/users/me/ratelater',
    {
      config: { access: 'user', signedOutMessage: 'Please log in to add albums to your rate later list' },
      schema: {
        summary: 'Add an album to your Rate Later list',
        body: AddRateLaterBodySchema,
        response: { 201: RateLaterEntrySchema },
      },
    },
    async (request, reply) => {
      const entry = await rateLater.add(userOf(request), request.body);
      return reply.status(201).send(entry);
    },
  );

  app.delete(
    '/api/users/me/ratelater/:albumId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove an album from your Rate Later list',
        params: AlbumParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await rateLater.remove(userOf(request), request.params.albumId);
      return reply.status(204).send(null);
    },
  );

  // A profile's 'Want to Listen' list is public (spec §2).
  app.get(
    '/api/users/:userId/ratelater',
    {
      schema: {
        summary: "Someone's Rate Later list (public)",
        params: UserParamsSchema,
        response: { 200: RateLaterListSchema },
      },
    },
    async (request) => rateLater.listOf(await request.sessionUser(), request.params.userId),
  );
}
