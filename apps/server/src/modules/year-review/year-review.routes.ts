import { YearReviewParamsSchema, YearReviewSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { YearReviewService } from './year-review.service.ts';

export function yearReviewRoutes(app: ApiApp, years: YearReviewService): void {
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
}
