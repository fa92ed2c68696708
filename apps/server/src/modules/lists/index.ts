import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { ReactionsService } from '../reactions/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { listsRoutes } from './lists.routes.ts';

// Lists of albums or songs: other modules import from here only.
export { ListsService } from './lists.service.ts';

export interface ListsNeeds {
  /** A profile's lists are hidden by a block or a locked profile; a new list's event names its author. */
  profiles: Pick<ProfilesService, 'findByUserId' | 'mustShowContentTo'>;
  /** A list shows whether the viewer liked it; a deleted list's likes and comments go with it. */
  reactions: Pick<ReactionsService, 'forgetSubject' | 'likedAmong'>;
  /** A listed list reaches the activity log through `listCreated`. */
  events: Pick<DomainEventBus, 'publish'>;
}

export function registerLists(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Lists', (api) => {
    listsRoutes(api, deps.lists);
  });
}
