import { ProfileStatsSchema, UserParamsSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { ProfileStatsService } from './profile-stats.service.ts';

export function profileStatsRoutes(app: ApiApp, stats: ProfileStatsService): void {
  app.get(
    '/api/users/:userId/stats',
    {
      schema: {
        summary: "A person's rating stats: albums and songs rated, average, distribution, top genres and artists",
        params: UserParamsSchema,
        response: { 200: ProfileStatsSchema },
      },
    },
    async (request, reply) => {
      // Public, and moved by every rating the person makes: revalidated on each view.
      reply.header('cache-control', 'no-cache');
      return stats.of(await request.sessionUser(), request.params.userId);
    },
  );
}
