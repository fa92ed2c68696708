import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { feedRoutes } from './feed.routes.ts';
import { FeedService } from './feed.service.ts';
import { followsRoutes } from './follows.routes.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { safetyRoutes } from './safety.routes.ts';
import { SafetyService } from './safety.service.ts';

// The social module's public surface: follows (the only writer of profiles' follower and following
// counts) and follow requests, blocks, mutes and privacy, the activity log other modules record what
// people do in, and the feed read from it.
export { ActivityService } from './activity.service.ts';
export { FeedService } from './feed.service.ts';
export { FollowsService } from './follows.service.ts';
export { NotificationsService } from './notifications.service.ts';

export function registerSocial(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Social', (api) => {
    followsRoutes(api, deps.follows);
    notificationsRoutes(api, deps.notifications);
    feedRoutes(api, new FeedService(deps.database, deps));
    safetyRoutes(api, new SafetyService(deps.database, deps), deps.follows);
  });
}
