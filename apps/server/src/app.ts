import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { PICTURE_MAX_BYTES } from '@liner/shared';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppDeps } from './app-deps.ts';
import { findUserIdByEmail } from './auth/auth.repository.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { createAuthGuard } from './auth/auth-guard.ts';
import { authRedis, NO_SESSION_COPIES } from './auth/redis-storage.ts';
import { broadcastSessionForgets, SessionCache, withSessionCache } from './auth/session-cache.ts';
import { SessionReader } from './auth/session-reader.ts';
import type { AppConfig } from './config/env.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { broadcastReadCache } from './lib/cache-broadcast.ts';
import { DomainEventBus } from './lib/domain-events.ts';
import { AppError } from './lib/errors.ts';
import { type FileStore, openFileStore } from './lib/file-store/index.ts';
import { redactingLoggerOptions } from './lib/log-redaction.ts';
import { createMailer, type Mailer, withoutUndeliverable } from './lib/mailer.ts';
import { createRateLimitStore } from './lib/rate-limit.ts';
import { ReadCache } from './lib/read-cache.ts';
import { connectRedis } from './lib/redis.ts';
import { AccountService, CsvExportService, registerAccount } from './modules/account/index.ts';
import { ArtistsService, registerArtists } from './modules/artists/index.ts';
import { AuditLogService, registerAudit } from './modules/audit/index.ts';
import {
  CatalogService,
  createMusicBrainzCatalog,
  loadSeedCatalog,
  registerCatalog,
  registerMatchJob,
  subscribeCatalog,
} from './modules/catalog/index.ts';
import { ChartsService, registerCharts } from './modules/charts/index.ts';
import { MembersService, RegistrationService, registerCommunity } from './modules/community/index.ts';
import { registerConfig } from './modules/config/index.ts';
import { registerFederation } from './modules/federation/index.ts';
import { registerFiles } from './modules/files/index.ts';
import { registerHealth } from './modules/health/index.ts';
import { ImportsService, ImportWorker, parseOffThread, registerImports } from './modules/imports/index.ts';
import { CollectionService, ListensService, RateLaterService, registerLibrary } from './modules/library/index.ts';
import { ListsService, registerLists } from './modules/lists/index.ts';
import { ModerationService, registerModeration } from './modules/moderation/index.ts';
import { MusicSearchService, registerMusicSearch } from './modules/music-search/index.ts';
import { createPlaylistsService, registerPlaylists } from './modules/playlists/index.ts';
import { PostsService, registerPosts } from './modules/posts/index.ts';
import { ProfileStatsService, RatingsService, registerRatings, SpoilerFreeService } from './modules/ratings/index.ts';
import { ReactionsService, registerReactions } from './modules/reactions/index.ts';
import {
  ActivityService,
  FollowsService,
  NotificationsService,
  registerSocial,
  SafetyService,
  subscribeSocial,
} from './modules/social/index.ts';
import {
  AccountProfiles,
  FavouritesService,
  ProfilesService,
  registerUsers,
  SessionsService,
  UsersSearchService,
} from './modules/users/index.ts';
import { registerYearReview, YearCardService, YearPageHeads, YearReviewService } from './modules/year-review/index.ts';
import { registerAccessLog } from './plugins/access-log.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerApiSchemas } from './plugins/api-schemas.ts';
import { registerJsonOnly } from './plugins/content-type.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputHygiene } from './plugins/input-hygiene.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerScoreVeil } from './plugins/score-veil.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { registerSpa } from './plugins/spa.ts';

export interface BuildAppOptions {
  /** Use an already-open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what would have been logged). */
  logStream?: DestinationStream;
  /** Replace the mailer (tests capture mail in memory). */
  mailer?: Mailer;
  /** Called for every route as it is registered (the security suite checks each one). */
  onRoute?: (route: RouteOptions) => void;
  /** Check every response against its declared schema (tests): a mismatch answers 500. */
  strictResponses?: boolean;
}

// What the CLI and the tests reach through the app they built. Routes and services never read
// these: they are given what they need by the composition root below.
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    mailer: Mailer;
    files: FileStore;
    auth: Auth;
    /** Public catalogue answers (lib/read-cache.ts); tests that write beneath the services clear it. */
    readCache: ReadCache;
    /** Imports and their background reader: the CLI runs a job through them, tests drive the reader. */
    imports: { service: ImportsService; worker: ImportWorker };
  }
}

/** Builds the whole product: used by main.ts and by every integration test. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, stream: options.logStream, ...redactingLoggerOptions() },
    // A hop count N believes the N addresses nearest to us in X-Forwarded-For (proxy-addr's
    // numeric form, which Fastify's types do not list).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // plugins/access-log.ts logs slow requests and a sample instead of two lines per request.
    logController: new LogController({ disableRequestLogging: true }),
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    // A request arriving while we close gets our 503 (below), with our error shape and Retry-After.
    return503OnClosing: false,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const database = options.database ?? openDatabase(config.database);
  const ownsDatabase = !options.database;
  // While closing, answers to in-flight requests end their keep-alive connection, so the
  // server can finish closing as soon as the last of them is sent.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // These two run for every request: callbacks, not promises, the cheaper path in Fastify.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    done(
      closing
        ? new AppError('SERVICE_UNAVAILABLE', 'The server is restarting. Please try again in a moment.', {
            retryAfterSeconds: 2,
          })
        : undefined,
    );
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });

  const mailer = withoutUndeliverable(
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );
  // A missing or unreachable bucket stops start-up here, with one line naming the setting.
  const files = await openFileStore(config, app.log).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  app.addHook('onClose', async () => files.close());
  app.decorate('mailer', mailer);
  app.decorate('files', files);
  const redis = config.redis ? await connectRedis(config.redis.url, config.redis.keyPrefix, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  // Sign-up asks these two whether an account may be made and what its profile is called, so they
  // are made before auth, and the app's modules are given the same ones.
  const limits = createRateLimitStore(config, redis);
  app.addHook('onClose', async () => limits.close());
  const auditLog = new AuditLogService(database.db);
  const registration = new RegistrationService(database.db, config, auditLog);
  // Who a request comes from is kept a second per session (ADR 46); whatever ends or changes a
  // session forgets it there, on every instance when Redis carries the news.
  const sessionCache = new SessionCache();
  if (redis) broadcastSessionForgets(sessionCache, redis);
  const sessionCopies = withSessionCache(redis ? authRedis(redis).copies : NO_SESSION_COPIES, sessionCache);
  const auth = createAuth({
    config,
    database,
    mailer,
    log: app.log,
    redis,
    registration,
    profiles: new AccountProfiles(database.db),
    copies: sessionCopies,
    limits,
  });
  const { authCookies, secret, sessionConfig } = await auth.$context;
  const sessions = new SessionReader(
    auth,
    sessionCache,
    { name: authCookies.sessionToken.name, secret },
    sessionConfig,
  );
  app.decorate('auth', auth);
  await migrateToLatest(database, config);
  await loadSeedCatalog(database);

  registerErrorHandler(app, database.circuit);
  registerAccessLog(app, config.requestLog);
  registerSecurityHeaders(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerCrossSiteGuard(app, config.trustedOrigins);
  registerJsonOnly(app);
  registerInputHygiene(app);
  await app.register(fastifyMultipart, { limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 10 } });
  registerSession(app, sessions);
  registerRateLimits(app, limits, config.rateLimits);
  registerApiSchemas(app, { rateLimits: config.rateLimits, strictResponses: options.strictResponses });
  await registerApiDocs(app, auth, config.publicUrl);

  const deps = createDeps({
    config,
    database,
    mailer,
    files,
    auth,
    sessionCopies,
    limits,
    redis,
    auditLog,
    registration,
    log: app.log,
  });
  app.decorate('readCache', deps.readCache);
  // Before any route with scores is registered: it finds them as they are (onRoute).
  registerScoreVeil(app, deps.spoilerFree);
  registerHealth(app, deps);
  registerConfig(app, deps);
  authRoutes(
    app,
    auth,
    createAuthGuard(limits, (email) => findUserIdByEmail(database.db, email)),
    { publicUrl: config.publicUrl, sessions },
  );
  registerFiles(app, deps);
  registerUsers(app, deps);
  registerAccount(app, deps);
  registerCatalog(app, deps);
  // After listening, never before: matching the seed to MusicBrainz must not hold up start-up (ADR 31).
  if (deps.musicbrainz && config.musicbrainz.match) {
    registerMatchJob(app, { catalog: deps.musicbrainz, readCache: deps.readCache });
  }
  registerMusicSearch(app, deps);
  registerCharts(app, deps);
  registerArtists(app, deps);
  registerPlaylists(app, deps);
  registerSocial(app, deps);
  registerPosts(app, deps);
  registerLists(app, deps);
  registerReactions(app, deps);
  registerRatings(app, deps);
  registerYearReview(app, deps);
  registerLibrary(app, deps);
  registerCommunity(app, deps);
  registerModeration(app, deps);
  registerAudit(app, deps);
  const importWorker = new ImportWorker(database.db, deps.imports, app.log);
  app.decorate('imports', { service: deps.imports, worker: importWorker });
  registerImports(app, deps, importWorker);
  registerFederation(app, deps);

  // A shared year in music is previewed by apps that read the page's head and run no script.
  const yearHeads = new YearPageHeads(deps.yearReview, { profiles: deps.profiles, publicUrl: config.publicUrl });
  await registerSpa(app, config.webDistDir, (pathname) => yearHeads.headFor(pathname));
  return app;
}

type SideServices = Pick<
  AppDeps,
  | 'config'
  | 'database'
  | 'mailer'
  | 'files'
  | 'auth'
  | 'sessionCopies'
  | 'limits'
  | 'redis'
  | 'auditLog'
  | 'registration'
>;

/**
 * The one AppDeps of an app: the side services, then the modules' services in dependency order.
 * Each step is given only what the steps before it built, so the compiler checks that nothing asks
 * for a service built after it (a cycle), and no cast is needed. A lower module that must read from
 * a higher one is lent a reader here (reaction subjects, an album's reviews), and modules subscribe
 * to each other's events (ADR 45).
 */
function createDeps(side: SideServices & { log: FastifyInstance['log'] }): AppDeps {
  const { log, ...sideServices } = side;
  const { config, database, files } = sideServices;
  const musicbrainz = config.musicbrainz.enabled
    ? createMusicBrainzCatalog(config, { database, files, log })
    : undefined;
  const readCache = new ReadCache();
  if (sideServices.redis) broadcastReadCache(readCache, sideServices.redis);
  const events = new DomainEventBus((error, event) =>
    log.error({ err: error, event }, 'a subscriber failed after its event was committed'),
  );
  const base = {
    ...sideServices,
    musicbrainz,
    readCache,
    events,
    activity: new ActivityService(),
    profiles: new ProfilesService(database.db, files, sideServices.sessionCopies),
    usersSearch: new UsersSearchService(database.db),
    sessions: new SessionsService(database.db, sideServices.sessionCopies),
    catalog: new CatalogService(database, musicbrainz),
    musicSearch: new MusicSearchService(database, musicbrainz),
    charts: new ChartsService(database, config.chartMinListeners),
  };
  const yearReview = new YearReviewService(database, base);
  const leaves = {
    ...base,
    artists: new ArtistsService(database, base),
    playlists: createPlaylistsService(base, log),
    reactions: new ReactionsService(database, base),
    ratings: new RatingsService(database, base),
    spoilerFree: new SpoilerFreeService(database, base),
    profileStats: new ProfileStatsService(database, base),
    yearReview,
    yearCards: new YearCardService(database, yearReview, base),
    favourites: new FavouritesService(database, base),
    rateLater: new RateLaterService(database, base),
  };
  const withBell = { ...leaves, notifications: new NotificationsService(database.db, leaves) };
  const social = {
    ...withBell,
    follows: new FollowsService(database, withBell),
    posts: new PostsService(database, withBell),
    lists: new ListsService(database, withBell),
    listens: new ListensService(database, withBell),
  };
  const safety = new SafetyService(database, social);
  social.reactions.registerSubject(social.lists.reactionSubject);
  social.reactions.registerSubject(social.posts.reactionSubject);
  social.ratings.useReviewsFrom((albumId, limit, viewerId) =>
    social.posts.latestReviewsOfAlbum(albumId, limit, viewerId),
  );
  const library = {
    ...social,
    safety,
    collection: new CollectionService(database, social),
    account: new AccountService(database, sideServices.auth, files, social),
    csvExport: new CsvExportService(database, social),
  };
  const withMembers = { ...library, members: new MembersService(database.db, library) };
  const deps: AppDeps = {
    ...withMembers,
    moderation: new ModerationService(database.db, withMembers),
    imports: new ImportsService(database, parseOffThread, withMembers),
  };
  subscribeSocial(events, deps);
  subscribeCatalog(events, readCache);
  return deps;
}
