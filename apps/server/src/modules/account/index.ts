import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { SessionCopies } from '../../auth/redis-storage.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { ListsService } from '../lists/index.ts';
import type { PostsService } from '../posts/index.ts';
import type { RatingsService } from '../ratings/index.ts';
import type { ReactionsService } from '../reactions/index.ts';
import type { ActivityService, FollowsService } from '../social/index.ts';
import type { ProfilesService } from '../users/index.ts';
import { accountRoutes } from './account.routes.ts';
import { csvExportRoutes } from './csv-export.routes.ts';

// The account module's public surface: a person's whole data as one (the JSON and CSV exports) and
// its deletion, which moves counts and totals through the modules that own them. It sits above
// them all, so none of them needs it.
export { AccountService } from './account.service.ts';
export { CsvExportService } from './csv-export.service.ts';

/** What the JSON export and account deletion need: deletion moves counts through the modules that own them. */
export interface AccountNeeds {
  /** The export's lists come from their module, as everyone else reads them. */
  lists: Pick<ListsService, 'exportOf'>;
  /** The profile picture's file, removed once the rows are gone. */
  profiles: Pick<ProfilesService, 'findByUserId'>;
  /** Other people's follower and following counts move with the deleted follows. */
  follows: Pick<FollowsService, 'removeAllOf'>;
  /** The community rating totals lose the deleted ratings. */
  ratings: Pick<RatingsService, 'removeAllOf'>;
  /** Likes and comments given or received leave their posts' and lists' counts. */
  reactions: Pick<ReactionsService, 'removeAllOf'>;
  /** Their boosts (people of other servers) leave the posts' counts. */
  posts: Pick<PostsService, 'removeBoostsOf'>;
  /** Others' activity entries about the person ("ana followed bo"). */
  activity: Pick<ActivityService, 'forgetUser'>;
  /** No Redis copy of their sessions outlives them. */
  sessionCopies: Pick<SessionCopies, 'forgetUser'>;
  /** Their ratings left the community scores of any number of albums. */
  readCache: Pick<ReadCache, 'clear'>;
  /** Whoever must know the account is gone (their followers on other servers) is told. */
  events: Pick<DomainEventBus, 'publish'>;
}

/** What the CSV export reads through other modules, as the JSON export does. */
export interface CsvExportNeeds {
  lists: Pick<ListsService, 'exportOf'>;
  /** Each album's one rating of the person (ADR 21). */
  ratings: Pick<RatingsService, 'albumRatings'>;
}

export function registerAccount(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Account', (api) => {
    accountRoutes(api, deps.account);
    csvExportRoutes(api, deps.csvExport);
  });
}
