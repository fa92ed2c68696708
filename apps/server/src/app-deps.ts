import type { Auth } from './auth/auth.ts';
import type { SessionCopies } from './auth/redis-storage.ts';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { DomainEventBus } from './lib/domain-events.ts';
import type { FileStore } from './lib/file-store/index.ts';
import type { Mailer } from './lib/mailer.ts';
import type { RateLimitStore } from './lib/rate-limit.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { RedisHandle } from './lib/redis.ts';
import type { AccountService, CsvExportService } from './modules/account/index.ts';
import type { ArtistsService } from './modules/artists/index.ts';
import type { AuditLogService } from './modules/audit/index.ts';
import type { CatalogService, MusicBrainzCatalog } from './modules/catalog/index.ts';
import type { ChartsService } from './modules/charts/index.ts';
import type { MembersService, RegistrationService } from './modules/community/index.ts';
import type { ImportsService } from './modules/imports/index.ts';
import type { CollectionService, ListensService, RateLaterService } from './modules/library/index.ts';
import type { ListsService } from './modules/lists/index.ts';
import type { ModerationService } from './modules/moderation/index.ts';
import type { MusicSearchService } from './modules/music-search/index.ts';
import type { PlaylistsService } from './modules/playlists/index.ts';
import type { PostsService } from './modules/posts/index.ts';
import type { ProfileStatsService, RatingsService, SpoilerFreeService } from './modules/ratings/index.ts';
import type { ReactionsService } from './modules/reactions/index.ts';
import type { ActivityService, FollowsService, NotificationsService, SafetyService } from './modules/social/index.ts';
import type { FavouritesService, ProfilesService, SessionsService, UsersSearchService } from './modules/users/index.ts';
import type { YearCardService, YearReviewService } from './modules/year-review/index.ts';

/**
 * Everything a module may be given, made once in app.ts: the side services, then one service per
 * module. A module's services never take this whole: each module names what it needs in its own
 * index.ts (`PostsNeeds`: the few methods of other modules' services and side services it calls),
 * and the composition root gives it those, which these full services satisfy without a cast (ADR 45).
 * Only a module's index.ts reads AppDeps, to register its routes.
 */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  files: FileStore;
  auth: Auth;
  /** Better Auth's Redis copies of sessions, to drop after a change made beside it (no-op without Redis). */
  sessionCopies: SessionCopies;
  limits: RateLimitStore;
  /** REDIS_URL's connection, when set. */
  redis: RedisHandle | undefined;
  /** Serialised public catalogue answers (lib/read-cache.ts); writes that change them invalidate it. */
  readCache: ReadCache;
  /** What modules' writes tell the others (lib/domain-events.ts, ADR 45). */
  events: DomainEventBus;
  /** MusicBrainz behind the catalogue, when MUSICBRAINZ is on. */
  musicbrainz: MusicBrainzCatalog | undefined;
  account: AccountService;
  activity: ActivityService;
  /** Every admin action writes its entry here, in the action's transaction. */
  auditLog: AuditLogService;
  catalog: CatalogService;
  artists: ArtistsService;
  charts: ChartsService;
  csvExport: CsvExportService;
  collection: CollectionService;
  follows: FollowsService;
  imports: ImportsService;
  lists: ListsService;
  listens: ListensService;
  members: MembersService;
  moderation: ModerationService;
  musicSearch: MusicSearchService;
  notifications: NotificationsService;
  playlists: PlaylistsService;
  favourites: FavouritesService;
  posts: PostsService;
  profiles: ProfilesService;
  rateLater: RateLaterService;
  profileStats: ProfileStatsService;
  /** A person's year in music (year-review module). */
  yearReview: YearReviewService;
  yearCards: YearCardService;
  ratings: RatingsService;
  /** Spoiler-free scores: the setting and the albums shown anyway (the ratings module). */
  spoilerFree: SpoilerFreeService;
  reactions: ReactionsService;
  /** Blocks, mutes and privacy settings (the social module). */
  safety: SafetyService;
  registration: RegistrationService;
  sessions: SessionsService;
  usersSearch: UsersSearchService;
}
