import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { profileStatsRoutes } from './profile-stats.routes.ts';
import { ratingsRoutes } from './ratings.routes.ts';

// Ratings' public surface. This module is the only writer of album_stats and track_stats.
export { ProfileStatsService } from './profile-stats.service.ts';
export { RatingsService } from './ratings.service.ts';

export function registerRatings(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Ratings', (api) => {
    ratingsRoutes(api, deps.ratings);
    profileStatsRoutes(api, deps.profileStats);
  });
}
