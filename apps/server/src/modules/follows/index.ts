import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { followsRoutes } from './follows.routes.ts';

// Follows' public surface. This module is the only writer of profiles' follower and following counts.
export { FollowsService } from './follows.service.ts';

export function registerFollows(app: FastifyInstance, deps: AppDeps): void {
  followsRoutes(app, deps.follows);
}
