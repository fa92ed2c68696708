import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { RateLimitStore } from '../../lib/rate-limit.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { AuditLogService } from '../audit/index.ts';
import type { MembersService } from '../community/index.ts';
import type { ListsService } from '../lists/index.ts';
import type { PostsService } from '../posts/index.ts';
import type { ReactionsService } from '../reactions/index.ts';
import type { NotificationsService } from '../social/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { adminPostsRoutes } from './admin-posts.routes.ts';
import { reportsRoutes } from './reports.routes.ts';

// Reports, the moderation queue and the removal of posts from the dashboard (ADR 42).
export { ModerationService } from './reports.service.ts';

/** What reports and their handling need: removing or suspending goes through the owning module. */
export interface ModerationNeeds {
  /** Each handling of reports is written to the audit log in its own transaction. */
  auditLog: Pick<AuditLogService, 'record'>;
  /** How many reports a member may send an hour. */
  limits: Pick<RateLimitStore, 'limiter'>;
  posts: Pick<PostsService, 'removeAsModerator'>;
  reactions: Pick<ReactionsService, 'deleteComment'>;
  lists: Pick<ListsService, 'delete'>;
  /** A reported profile's bio and picture are cleared. */
  profiles: Pick<ProfilesService, 'clearAsModerator'>;
  members: Pick<MembersService, 'suspend'>;
  /** Reporters are told their report was handled (never what was done). */
  notifications: Pick<NotificationsService, 'notify'>;
}

export function registerModeration(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Moderation', (api) => {
    reportsRoutes(api, deps.moderation);
    adminPostsRoutes(api, { posts: deps.posts, moderation: deps.moderation, log: app.log });
  });
}
