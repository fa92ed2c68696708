import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { ProfilesService } from '../users/index.ts';
import { yearReviewRoutes } from './year-review.routes.ts';

// The year-in-review module's public surface: a person's year in music, read across the tables
// that keep it (ratings, the diary, posts, lists, follows), read only. Nothing depends on it.
export { YearReviewService } from './year-review.service.ts';

export interface YearReviewNeeds {
  /** A year is hidden by a block or a locked profile, as the profile's stats are. */
  profiles: Pick<ProfilesService, 'mustShowContentTo'>;
}

export function registerYearReview(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Year in review', (api) => yearReviewRoutes(api, deps.yearReview));
}
