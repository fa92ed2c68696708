import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AppConfig } from '../../config/env.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { yearReviewRoutes } from './year-review.routes.ts';

export { YearCardService } from './year-card.service.ts';
export { YearPageHeads } from './year-page-head.ts';
// The year-in-review module's public surface: a person's year in music, read across the tables
// that keep it (ratings, the diary, posts, lists, follows), read only, and drawn as a picture to
// share. Nothing depends on it.
export { YearReviewService } from './year-review.service.ts';

export interface YearReviewNeeds {
  /** A year is hidden by a block or a locked profile, as the profile's stats are. */
  profiles: Pick<ProfilesService, 'mustShowContentTo' | 'getByName'>;
}

export function registerYearReview(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Year in review', (api) => yearReviewRoutes(api, deps.yearReview, deps.yearCards));
}

export interface YearCardNeeds {
  /** Stored covers are read from here; an album without one is drawn as the catalogue draws it. */
  files: Pick<FileStore, 'open'>;
  catalog: Pick<CatalogService, 'cover'>;
  /** The card names the site it comes from. */
  config: Pick<AppConfig, 'publicUrl'>;
}
