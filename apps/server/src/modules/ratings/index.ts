import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { ChartsService } from '../charts/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { profileStatsRoutes } from './profile-stats.routes.ts';
import { ratingsRoutes } from './ratings.routes.ts';
import { spoilerFreeRoutes } from './spoiler-free.routes.ts';

// Ratings' public surface. This module is the only writer of album_stats and track_stats.
export { ProfileStatsService } from './profile-stats.service.ts';
export { RatingsService } from './ratings.service.ts';
export { SpoilerFreeService } from './spoiler-free.service.ts';

export interface RatingsNeeds {
  /** Only an album the catalogue has is rated or shown. */
  catalog: Pick<CatalogService, 'findAlbum'>;
  /** An album's community view shows its places in the charts. */
  charts: Pick<ChartsService, 'ranks'>;
  /** A rating tells the feed and the read cache through `albumRatingChanged` (ADR 45). */
  events: Pick<DomainEventBus, 'publish'>;
}

export interface ProfileStatsNeeds {
  /** A profile's stats are hidden by a block or a locked profile, as its other tabs are. */
  profiles: Pick<ProfilesService, 'findByUserId' | 'mustShowContentTo'>;
}

export function registerRatings(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Ratings', (api) => {
    ratingsRoutes(api, deps.ratings);
    profileStatsRoutes(api, deps.profileStats);
    spoilerFreeRoutes(api, deps.spoilerFree);
  });
}
