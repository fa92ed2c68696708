import { AccountSessionListSchema, NoContentSchema, SessionParamsSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { SessionsService } from './sessions.service.ts';

export function sessionsRoutes(app: ApiApp, sessions: SessionsService): void {
  app.get(
    '/api/users/me/sessions',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The browsers signed in to your account',
        response: { 200: AccountSessionListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessions.list(userOf(request));
    },
  );

  app.delete(
    '/api/users/me/sessions/:sessionId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Sign one of your sessions out',
        params: SessionParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await sessions.revoke(userOf(request), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );
}
