import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { reactionsRoutes } from './reactions.routes.ts';

// Likes and comments on posts and lists: the modules owning a subject lend it through
// ReactionSubject; nothing here reads their tables.
export { ReactionsService } from './reactions.service.ts';
export type { ReactionSubject, SubjectDescription } from './subjects.ts';

export function registerReactions(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Reactions', (api) => {
    reactionsRoutes(api, deps.reactions);
  });
}
