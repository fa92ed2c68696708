import { FeedPageSchema, FeedQuerySchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { FeedService } from './feed.service.ts';

export function feedRoutes(app: ApiApp, feed: FeedService): void {
  app.get(
    '/api/feed',
    {
      // Entries carry their people's album ratings: scores, for a spoiler-free member (plugins/score-veil.ts).
      config: { access: 'user', signedOutMessage: 'User must be logged in to see their feed', scores: true },
      schema: {
        summary: 'What the people you follow did, newest first (20 a page)',
        querystring: FeedQuerySchema,
        response: { 200: FeedPageSchema },
      },
    },
    async (request) => feed.following(userOf(request), request.query),
  );

  app.get(
    '/api/activity/recent',
    {
      config: { scores: true },
      schema: {
        summary: "Everyone's recent activity, newest first (20 a page)",
        querystring: FeedQuerySchema,
        response: { 200: FeedPageSchema },
      },
    },
    async (request) => feed.recent(await request.sessionUser(), request.query),
  );
}
