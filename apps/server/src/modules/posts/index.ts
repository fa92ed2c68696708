import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { RatingsService } from '../ratings/index.ts';
import type { ReactionsService } from '../reactions/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { postsRoutes } from './posts.routes.ts';

// Posts' public surface (notes and reviews): other modules import from here only.
export { PostsService } from './posts.service.ts';

export interface PostsNeeds {
  /** A profile's posts are hidden by a block or a locked profile; a note's event names its author. */
  profiles: Pick<ProfilesService, 'findByUserId' | 'mustShowContentTo'>;
  /** A review shows its author's album rating as it is now (ADR 21), and editing it chooses that rating. */
  ratings: Pick<RatingsService, 'albumRatings' | 'chooseAlbumRating'>;
  /** A post shows whether the viewer liked it; a deleted post's likes and comments go with it. */
  reactions: Pick<ReactionsService, 'forgetSubject' | 'likedAmong'>;
  /** A note reaches the activity log through `notePosted`. */
  events: Pick<DomainEventBus, 'publish'>;
}

export function registerPosts(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Posts', (api) => {
    postsRoutes(api, deps.posts);
  });
}
