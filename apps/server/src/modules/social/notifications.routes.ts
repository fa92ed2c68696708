import {
  MarkReadBodySchema,
  NoContentSchema,
  NotificationPageSchema,
  PageQuerySchema,
  UnreadCountSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { NotificationsService } from './notifications.service.ts';

export function notificationsRoutes(app: ApiApp, notifications: NotificationsService): void {
  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Your notifications, newest first, with the unread count',
        querystring: PageQuerySchema,
        response: { 200: NotificationPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return notifications.list(userOf(request), request.query);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'user' },
      schema: { summary: 'How many notifications you have not seen', response: { 200: UnreadCountSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { unreadCount: await notifications.unreadCount(userOf(request)) };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Mark your notifications read, up to the newest you have seen (all without upTo)',
        body: MarkReadBodySchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await notifications.markRead(userOf(request), request.body.upTo);
      return reply.status(204).send(null);
    },
  );
}
