import { randomUUID } from 'node:crypto';
import { Accept, Follow, Reject, Undo } from '@fedify/vocab';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AppConfig } from '../../config/env.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { FederatedObjectType } from '../../db/schema.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { RateLimitStore } from '../../lib/rate-limit.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { AccountService } from '../account/index.ts';
import type { AuditLogService } from '../audit/index.ts';
import type { RegistrationService } from '../community/index.ts';
import type { ModerationService } from '../moderation/index.ts';
import type { PostsService } from '../posts/index.ts';
import type { ReactionsService } from '../reactions/index.ts';
import type { FollowsService, SafetyService } from '../social/index.ts';
import type { FavouritesService, ProfilesService } from '../users/index.ts';
import { tellOfDeletedAccounts } from './account-deletions.ts';
import { DomainBlocks, signerHost } from './domain-blocks.ts';
import { errorResponse, serveFederation } from './fastify-adapter.ts';
import {
  deleteRemoteFollow,
  findLocalActor,
  findRemoteActor,
  findRemoteFollow,
  saveRemoteFollow,
} from './federation.repository.ts';
import { federationRoutes } from './federation.routes.ts';
import { createLinerFederation, type LinerFederation, profileNameOf } from './federation.ts';
import { tellAuthorsOfInteractions } from './interactions.ts';
import { RemoteLookup } from './lookup.ts';
import { ratingKey } from './objects.ts';
import { enqueueChange, sentObjectOwner } from './outbox.repository.ts';
import { FederationOutbox } from './outbox.ts';
import { recipientOf } from './recipients.ts';
import { RemotePeople } from './remote-people.ts';
import { SilencedPeopleList } from './silenced-people.ts';

// The federation module's public surface (ADR 52): liner on the fediverse over ActivityPub, when
// FEDERATION=on. Its members are actors other servers follow; people of other servers are members
// here who cannot sign in (ADR 53).

export interface FederationNeeds {
  /** Actors are members' profiles; people of other servers are kept as profiles too, with a copy of their picture. */
  profiles: Pick<ProfilesService, 'findByUserId' | 'findByName' | 'saveRemotePerson' | 'setRemotePicture'>;
  /**
   * A Follow from another server is a follow (or a request) like any other, and Undo ends it; a
   * member's follow of someone there is a request until their server accepts or rejects it.
   */
  follows: Pick<FollowsService, 'follow' | 'unfollow' | 'approve' | 'decline' | 'removeAllOf'>;
  /** An actor's featured collection is their favourite albums, as their profile shows them to anyone. */
  favourites: Pick<FavouritesService, 'of'>;
  /** NodeInfo says whether anyone may join. */
  registration: Pick<RegistrationService, 'refresh'>;
  /** A Like is a like, a reply a comment, as anyone's (their counts and bells move as for a member's). */
  reactions: Pick<ReactionsService, 'like' | 'unlike' | 'comment' | 'editComment' | 'deleteComment'>;
  /** A Block from another server is a block, with what it ends. */
  safety: Pick<SafetyService, 'block' | 'unblock'>;
  /** A Flag is a report in the moderation queue. */
  moderation: Pick<ModerationService, 'report'>;
  /** A review by someone members follow becomes a review here (feeds, the album's page); a boost is counted. */
  posts: Pick<PostsService, 'postRemoteReview' | 'editRemoteReview' | 'removeRemotePost' | 'boost' | 'unboost'>;
  /** Blocking a server is an admin action, in the audit log. */
  auditLog: Pick<AuditLogService, 'record'>;
  /** A person of another server deleted there is removed here, with everyone's counts repaired. */
  account: Pick<AccountService, 'deleteAsModerator'>;
}

export interface FederationDeps extends FederationNeeds {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** How many deliveries a server may make, and how many of its people may become members, in a while. */
  limits: RateLimitStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** With FEDERATION=on: what members' remote followers are still to be told (tests wait on it). */
    federationOutbox?: FederationOutbox;
  }
}

const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i;

export function registerFederation(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.federation.enabled) return;
  const federationDeps: FederationDeps = { ...deps, log: app.log };
  const blocks = new DomainBlocks(deps.database, federationDeps);
  const federation = createLinerFederation(federationDeps, blocks);
  const { publicUrl } = deps.config;
  const db = deps.database.db;

  const perMinute = { points: deps.config.federation.inboxPerMinute, windowSeconds: 60 };
  const inboxPerServer = deps.limits.limiter('inbox-server', perMinute);
  const inboxPerAddress = deps.limits.limiter('inbox-address', perMinute);
  serveFederation(app, publicUrl, {
    // Deliveries: a blocked server is refused before anything is read, and each sending server and
    // each address may deliver so many a minute (a flood is refused before a key is fetched).
    guard: async (request, web) => {
      if (request.method !== 'POST') return undefined;
      const signer = signerHost(web.headers);
      if (signer && (await blocks.isBlocked(signer))) return errorResponse(forbidden('This server is blocked here'));
      for (const [limiter, key] of [
        [inboxPerAddress, request.ip],
        [inboxPerServer, signer ?? 'unsigned'],
      ] as const) {
        const limit = await limiter.consume(key);
        if (!limit.ok) {
          const refusal = errorResponse(
            new AppError('RATE_LIMITED', 'Too many activities from this server. Please try again later.', {
              retryAfterSeconds: limit.retryAfterSeconds,
            }),
          );
          refusal.headers.set('retry-after', String(limit.retryAfterSeconds));
          return refusal;
        }
      }
      return undefined;
    },
    fedify: async (request) => {
      return federation.fetch(request, {
        contextData: undefined,
        onNotFound: async () => errorResponse(notFound('Not found')),
        // A browser opening an actor's address is shown their profile page.
        onNotAcceptable: async (request) => {
          const id = /^\/ap\/users\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
          const member = id ? await findLocalActor(db, decodeURIComponent(id)) : undefined;
          if (!member) return errorResponse(forbidden('This address answers ActivityPub requests only'));
          return Response.redirect(new URL(`/profile/${encodeURIComponent(member.displayName)}`, publicUrl), 302);
        },
      });
    },
    extra(scope, _toWeb, send) {
      // WebFinger's older discovery document, which some servers still ask for first.
      scope.get('/.well-known/host-meta', async (_request, reply) =>
        reply
          .type('application/xrd+xml; charset=utf-8')
          .send(
            `<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n` +
              `  <Link rel="lrdd" template="${new URL('/.well-known/webfinger', publicUrl).href}?resource={uri}"/>\n</XRD>\n`,
          ),
      );
      // A profile page asked for as ActivityPub is its member's actor; asked for as HTML, the app.
      scope.get<{ Params: { name: string } }>('/profile/:name', async (request, reply) => {
        reply.header('vary', 'accept');
        if (!ACTIVITY_TYPES.test(request.headers.accept ?? '')) return reply.callNotFound();
        const name = profileNameOf(new URL(request.url, publicUrl), publicUrl);
        const named = name === undefined ? undefined : await deps.profiles.findByName(name);
        const member = named ? await findLocalActor(db, named.user_id) : undefined;
        if (!member) return send(reply, errorResponse(notFound('User not found')));
        return reply.redirect(federation.createContext(new URL(publicUrl)).getActorUri(member.userId).href, 302);
      });
    },
  });

  const lookup = new RemoteLookup(
    federation,
    federationDeps,
    new RemotePeople(deps.database, federationDeps, blocks),
    blocks,
  );
  const silenced = new SilencedPeopleList(deps.database, federationDeps);
  moduleRoutes(app, 'Federation', (api) => federationRoutes(api, lookup, blocks, silenced));
  answerFollowRequests(deps.events, federation, federationDeps, blocks);
  tellAuthorsOfInteractions(deps.events, federation, federationDeps, blocks);
  tellOfDeletedAccounts(deps.events, federation, federationDeps, blocks);
  const outbox = new FederationOutbox(deps.database, federation, publicUrl, app.log, blocks);
  app.decorate('federationOutbox', outbox);
  tellFollowersOfChanges(deps.events, outbox);
  startInBackground(app, (signal) => federation.startQueue(undefined, { signal }), 'the federation queue');
  startInBackground(app, (signal) => outbox.start(signal), 'the federation outbox');
}

/**
 * Members' posts, lists and album ratings reach their remote followers: each change is noted in
 * the writer's transaction (so none is lost to a crash after it commits) and told once it has.
 */
function tellFollowersOfChanges(events: Pick<DomainEventBus, 'within' | 'afterCommit'>, outbox: FederationOutbox) {
  const note = (type: FederatedObjectType, id: string, userId: string) => (trx: Db) =>
    enqueueChange(trx, { object_type: type, object_id: id, user_id: userId });
  events.within('notePosted', (trx, post) => note('post', post.postId, post.userId)(trx));
  events.within('reviewPosted', (trx, post) => note('post', post.postId, post.userId)(trx));
  events.within('postEdited', (trx, post) => note('post', post.postId, post.userId)(trx));
  events.within('listCreated', (trx, list) => note('list', list.listId, list.userId)(trx));
  events.within('listEdited', (trx, list) => note('list', list.listId, list.userId)(trx));
  events.within('albumRatingChanged', (trx, rating) => {
    // The day's one entry for the album, as the feed keeps it (the social module's activity log).
    const day = new Date().toISOString().slice(0, 10);
    return note('rating', ratingKey(rating.userId, rating.albumId, day), rating.userId)(trx);
  });
  // Only what other servers were told needs telling it is gone.
  events.within('subjectRemoved', async (trx, removed) => {
    const ownerId = await sentObjectOwner(trx, removed.subject.type, removed.subject.id);
    if (ownerId) await note(removed.subject.type, removed.subject.id, ownerId)(trx);
  });
  const wake = () => outbox.wake();
  for (const name of [
    'notePosted',
    'reviewPosted',
    'postEdited',
    'listCreated',
    'listEdited',
    'albumRatingChanged',
    'subjectRemoved',
  ] as const) {
    events.afterCommit(name, wake);
  }
}

/** Work that runs while the app does: started once it is ready, stopped before the database closes. */
function startInBackground(app: FastifyInstance, run: (signal: AbortSignal) => Promise<void>, name: string): void {
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    running = run(stop.signal).catch((error: unknown) => {
      app.log.error({ err: error }, `${name} stopped`);
    });
  });
  // preClose runs before the database's onClose hook, so no claim is left half done.
  app.addHook('preClose', async () => {
    stop.abort();
    await running;
  });
}

/**
 * A locked profile's owner answered a request from someone of another server: their server is
 * told, naming the Follow it sent, once the answer has committed.
 */
function answerFollowRequests(
  events: Pick<DomainEventBus, 'afterCommit'>,
  federation: LinerFederation,
  deps: FederationDeps,
  blocks: DomainBlocks,
) {
  const answer = async (requesterId: string, ownerId: string, accepted: boolean) => {
    const requester = await findRemoteActor(deps.database.db, requesterId);
    if (requester && !(await blocks.allows(requester.uri))) return;
    const followUri = requester && (await findRemoteFollow(deps.database.db, requesterId, ownerId));
    if (!requester || !followUri) return;
    if (!accepted) await deleteRemoteFollow(deps.database.db, requesterId, ownerId);
    const ctx = federation.createContext(new URL(deps.config.publicUrl));
    const owner = ctx.getActorUri(ownerId);
    const follow = new Follow({ id: new URL(followUri), actor: new URL(requester.uri), object: owner });
    const values = { actor: owner, object: follow, to: new URL(requester.uri) };
    await ctx.sendActivity(
      { identifier: ownerId },
      recipientOf(requester),
      accepted ? new Accept(values) : new Reject(values),
    );
  };
  // A member asks to follow someone of another server, or stops following them: their server is told.
  events.afterCommit('followRequested', async ({ requesterId, targetId }) => {
    const target = await findRemoteActor(deps.database.db, targetId);
    if (!target || !(await blocks.allows(target.uri))) return;
    const ctx = federation.createContext(new URL(deps.config.publicUrl));
    const actor = ctx.getActorUri(requesterId);
    const follow = new Follow({
      id: new URL(`${actor.href}#follows/${randomUUID()}`),
      actor,
      object: new URL(target.uri),
    });
    await saveRemoteFollow(deps.database.db, requesterId, targetId, follow.id?.href ?? '');
    await ctx.sendActivity({ identifier: requesterId }, recipientOf(target), follow);
  });
  events.afterCommit('followEnded', async ({ followerId, followingId }) => {
    const db = deps.database.db;
    const [target, followUri] = await Promise.all([
      findRemoteActor(db, followingId),
      findRemoteFollow(db, followerId, followingId),
    ]);
    if (!target || !followUri || !(await findLocalActor(db, followerId))) return;
    await deleteRemoteFollow(db, followerId, followingId);
    if (!(await blocks.allows(target.uri))) return;
    const ctx = federation.createContext(new URL(deps.config.publicUrl));
    const actor = ctx.getActorUri(followerId);
    const follow = new Follow({ id: new URL(followUri), actor, object: new URL(target.uri) });
    await ctx.sendActivity(
      { identifier: followerId },
      recipientOf(target),
      new Undo({ id: new URL(`${followUri}/undo`), actor, object: follow }),
    );
  });
  events.afterCommit('followRequestApproved', ({ requesterId, ownerId }) => answer(requesterId, ownerId, true));
  events.afterCommit('followRequestDeclined', ({ requesterId, ownerId }) => answer(requesterId, ownerId, false));
}
