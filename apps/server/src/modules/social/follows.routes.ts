import { FollowStateSchema, PeoplePageSchema, PeopleQuerySchema, UserParamsSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { FollowsService } from './follows.service.ts';

export function followsRoutes(app: ApiApp, follows: FollowsService): void {
  app.get(
    '/api/users/:userId/follow',
    {
      schema: {
        summary: "Someone's follower counts, and whether you follow them",
        params: UserParamsSchema,
        response: { 200: FollowStateSchema },
      },
    },
    async (request) => follows.get(await request.sessionUser(), request.params.userId),
  );

  app.post(
    '/api/users/:userId/follow',
    {
      config: { access: 'user', signedOutMessage: 'User must be logged in to follow others' },
      schema: { summary: 'Follow someone', params: UserParamsSchema, response: { 200: FollowStateSchema } },
    },
    async (request) => follows.follow(userOf(request), request.params.userId),
  );

  app.delete(
    '/api/users/:userId/follow',
    {
      config: { access: 'user', signedOutMessage: 'User must be logged in to unfollow others' },
      schema: { summary: 'Unfollow someone', params: UserParamsSchema, response: { 200: FollowStateSchema } },
    },
    async (request) => follows.unfollow(userOf(request), request.params.userId),
  );

  for (const which of ['followers', 'following'] as const) {
    app.get(
      `/api/users/:userId/${which}`,
      {
        schema: {
          summary: which === 'followers' ? "Someone's followers, newest first" : 'Whom someone follows, newest first',
          params: UserParamsSchema,
          querystring: PeopleQuerySchema,
          response: { 200: PeoplePageSchema },
        },
      },
      async (request) => follows.people(await request.sessionUser(), request.params.userId, which, request.query),
    );
  }
}
