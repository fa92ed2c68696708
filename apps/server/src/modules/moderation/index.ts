import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { adminPostsRoutes } from './admin-posts.routes.ts';
import { reportsRoutes } from './reports.routes.ts';

// Reports, the moderation queue and the removal of posts from the dashboard (ADR 42).
export { ModerationService } from './reports.service.ts';

export function registerModeration(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Moderation', (api) => {
    reportsRoutes(api, deps.moderation);
    adminPostsRoutes(api, { posts: deps.posts, moderation: deps.moderation, log: app.log });
  });
}
