import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { ProfilesService } from '../users/index.ts';
import { reactionsRoutes } from './reactions.routes.ts';

// Likes and comments on posts and lists: the modules owning a subject lend it through
// ReactionSubject; nothing here reads their tables.
export { ReactionsService } from './reactions.service.ts';
export type { ReactionSubject, SubjectDescription } from './subjects.ts';

export interface ReactionsNeeds {
  /** A profile's Likes tab is hidden by a block or a locked profile. */
  profiles: Pick<ProfilesService, 'mustShowContentTo'>;
  /** Likes, comments and removed subjects reach the bell and the activity log through events (ADR 45). */
  events: Pick<DomainEventBus, 'publish'>;
}

export function registerReactions(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Reactions', (api) => {
    reactionsRoutes(api, deps.reactions);
  });
}
