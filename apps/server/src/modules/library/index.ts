import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { PostsService } from '../posts/index.ts';
import type { RatingsService } from '../ratings/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { collectionRoutes } from './collection.routes.ts';
import { listensRoutes } from './listens.routes.ts';
import type { ListensService } from './listens.service.ts';
import { rateLaterRoutes } from './rate-later.routes.ts';

// The library's public surface (a person's collection, Rate Later list and listening diary): other modules import from here only.
export { CollectionService } from './collection.service.ts';
export { ListensService } from './listens.service.ts';
export { RateLaterService } from './rate-later.service.ts';

/** What the collection needs: it shows the person's album ratings and posts their reviews. */
export interface CollectionNeeds {
  /** Only an album the catalogue has is added. */
  catalog: Pick<CatalogService, 'findAlbum'>;
  /** An entry shows the person's one album rating (ADR 21); editing it chooses that rating. */
  ratings: Pick<RatingsService, 'albumRatingOf' | 'albumRatings' | 'chooseAlbumRatingInTenths' | 'mine'>;
  /** A review is a review post, written in the entry's transaction, and linked only where readable. */
  posts: Pick<PostsService, 'byIds' | 'insertReview'>;
  /** The 'Music' grid is hidden by a block or a locked profile; the review's event names its author. */
  profiles: Pick<ProfilesService, 'findByUserId' | 'mustShowContentTo'>;
  /** A posted review reaches the activity log through `reviewPosted`. */
  events: Pick<DomainEventBus, 'publish'>;
  /** Adding to the collection may log a listen in the same transaction. */
  listens: Pick<ListensService, 'check' | 'recordIn'>;
}

/** What the listening diary needs from other modules. */
export interface ListensNeeds {
  /** A listen is logged only for an album the catalogue has. */
  catalog: Pick<CatalogService, 'findAlbum'>;
  /** A diary is hidden by a block or a locked profile. */
  profiles: Pick<ProfilesService, 'mustShowContentTo'>;
  /** Each day shows the person's one album rating (ADR 21). */
  ratings: Pick<RatingsService, 'albumRatings'>;
}

/** What Rate Later needs from other modules. */
export interface RateLaterNeeds {
  /** Only an album the catalogue has is added. */
  catalog: Pick<CatalogService, 'findAlbum'>;
  /** The list is hidden by a block or a locked profile. */
  profiles: Pick<ProfilesService, 'mustShowContentTo'>;
}

export function registerLibrary(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Library', (api) => {
    collectionRoutes(api, deps.collection);
    rateLaterRoutes(api, deps.rateLater);
    listensRoutes(api, deps.listens);
  });
}
