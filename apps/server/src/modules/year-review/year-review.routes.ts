import {
  ImageBytesSchema,
  NoContentSchema,
  YearCardQuerySchema,
  YearReviewParamsSchema,
  YearReviewSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { YearCardService } from './year-card.service.ts';
import type { YearReviewService } from './year-review.service.ts';

export function yearReviewRoutes(app: ApiApp, years: YearReviewService, cards: YearCardService): void {
  app.get(
    '/api/users/:userId/year/:year',
    {
      schema: {
        summary:
          "A person's year in music: rated and listened, month by month, top albums, artists and genres, " +
          'highest and lowest rated, longest review, lists made, people followed',
        params: YearReviewParamsSchema,
        response: { 200: YearReviewSchema },
      },
    },
    async (request, reply) => {
      // Public, and moved by every rating and listen of theirs: revalidated on each view.
      reply.header('cache-control', 'no-cache');
      return years.of(await request.sessionUser(), request.params.userId, request.params.year);
    },
  );

  app.get(
    '/api/users/:userId/year/:year/card.png',
    {
      schema: {
        summary:
          "A person's year in music as a picture to share (PNG): 1080×1920 (size=story) or 1200×630 (size=wide, " +
          'the default, a link preview): their numbers, top albums, artist and song',
        params: YearReviewParamsSchema,
        querystring: YearCardQuerySchema,
        response: {
          200: { description: 'The card', content: { 'image/png': { schema: ImageBytesSchema } } },
          304: NoContentSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId, year } = request.params;
      const card = await cards.card(await request.sessionUser(), userId, year, request.query.size);
      // Asked again on each view, as the year is (it moves with every rating), but only redrawn when
      // what it shows has changed; private, since who may see it depends on who asks.
      reply.header('cache-control', 'private, no-cache').header('etag', card.etag);
      if (request.headers['if-none-match'] === card.etag) return reply.status(304).send(null);
      return reply.type('image/png').send(await card.png());
    },
  );
}
