import { createFederation, type Federation, type RequestContext } from '@fedify/fedify';
import { Object as APObject, Application, Create, Endpoints, Image, Note, Person, type Recipient } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { KyselyKvStore } from '../../db/fedify-kv-store.ts';
import { KyselyMessageQueue } from '../../db/fedify-message-queue.ts';
import { decodeCursor, encodeCursor, type PageCursor } from '../../lib/cursor.ts';
import { AppError } from '../../lib/errors.ts';
import { SOFTWARE_VERSION } from '../../lib/repo-root.ts';
import { ActorKeys } from './actor-keys.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import { findLocalActor, followPage, instanceUsage, type LocalActorRow } from './federation.repository.ts';
import { INSTANCE_ACTOR, preferredUsername } from './handles.ts';
import { listenToInbox } from './inbox.ts';
import type { FederationDeps } from './index.ts';
import { isRemoteFollower } from './object-reads.repository.ts';
import { loadObject, parseNoteId } from './objects.ts';
import { countSentPublicObjects, findSentObject, sentPublicObjects } from './outbox.repository.ts';
import { RemotePeople } from './remote-people.ts';
import { htmlOfText } from './text-html.ts';

/** The addresses Fedify answers at (ADR 52): everything of ours under /ap/, as the adapter routes it. */
export const ACTOR_PATH = '/ap/users/{identifier}';
const INBOX_PATH = '/ap/users/{identifier}/inbox';
const SHARED_INBOX_PATH = '/ap/inbox';
const FOLLOWERS_PATH = '/ap/users/{identifier}/followers';
const FOLLOWING_PATH = '/ap/users/{identifier}/following';
const OUTBOX_PATH = '/ap/users/{identifier}/outbox';
const FEATURED_PATH = '/ap/users/{identifier}/featured';
/**
 * Deliveries (and received activities) a process handles at once. A delivery mostly waits on the
 * other server, so with a tenth of 1,000 servers slow (500 ms), four drained a fan-out in 15.8 s
 * where one took 61.3 s; more than four spent the two cores' CPU on signing while other requests
 * waited (bench:fanout, docs/benchmarks.md).
 */
const DELIVERY_WORKERS = 4;
/** A page of a followers or following collection, as Mastodon's. */
const COLLECTION_PAGE = 40;
const NOTE_PATH = '/ap/notes/{noteId}';

export type LinerFederation = Federation<void>;

/** Everything liner is on the fediverse, on Fedify: who its actors are, and what it does with what arrives. */
export function createLinerFederation(deps: FederationDeps, blocks: DomainBlocks): LinerFederation {
  const { config, database } = deps;
  const db = database.db;
  const federation = createFederation<void>({
    kv: new KyselyKvStore(database),
    queue: new KyselyMessageQueue(database, Date.now, DELIVERY_WORKERS),
    // Started once the app is ready and stopped before the database closes (index.ts).
    manuallyStartQueue: true,
    origin: config.publicUrl,
    allowPrivateAddress: config.federation.allowPrivateAddress,
    userAgent: { software: `liner/${SOFTWARE_VERSION}`, url: new URL(config.publicUrl) },
  });
  const keys = new ActorKeys(db);
  const people = new RemotePeople(database, deps, blocks);

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      if (identifier === INSTANCE_ACTOR) return instanceActor(ctx);
      const member = await findLocalActor(db, identifier);
      return member ? personOf(ctx, member) : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (identifier !== INSTANCE_ACTOR && !(await findLocalActor(db, identifier))) return [];
      return keys.pairsOf(identifier);
    })
    // A handle is a display name (in any case) or a user id; people of other servers have none here.
    .mapHandle(async (_ctx, username) => {
      const named = await deps.profiles.findByName(username);
      const userId = named?.user_id ?? username;
      return (await findLocalActor(db, userId)) ? userId : null;
    })
    // A profile page's address names the same actor.
    .mapAlias(async (_ctx, resource) => {
      const name = profileNameOf(resource, config.publicUrl);
      if (name === undefined) return null;
      const named = await deps.profiles.findByName(name);
      return named && (await findLocalActor(db, named.user_id)) ? { identifier: named.user_id } : null;
    });

  federation
    .setFollowersDispatcher(FOLLOWERS_PATH, async (ctx, identifier, cursor) => {
      const member = await findLocalActor(db, identifier);
      // A locked profile shows its count, not who follows it, as its page does.
      if (!member || member.locked === 1 || cursor === null) return member ? { items: [] } : null;
      const after = cursorAt(cursor);
      if (after === null) return null;
      const rows = await followPage(db, identifier, 'followers', { after, limit: COLLECTION_PAGE + 1 });
      return pageOf(rows, (row): Recipient => {
        if (row.remoteUri) {
          return {
            id: new URL(row.remoteUri),
            inboxId: row.remoteInbox ? new URL(row.remoteInbox) : null,
            endpoints: row.remoteSharedInbox ? { sharedInbox: new URL(row.remoteSharedInbox) } : null,
          };
        }
        return { id: ctx.getActorUri(row.userId), inboxId: ctx.getInboxUri(row.userId) };
      });
    })
    .setCounter(async (_ctx, identifier) => (await deps.profiles.findByUserId(identifier))?.follower_count ?? null)
    .setFirstCursor(async () => '');

  federation
    .setFollowingDispatcher(FOLLOWING_PATH, async (ctx, identifier, cursor) => {
      const member = await findLocalActor(db, identifier);
      if (!member || member.locked === 1 || cursor === null) return member ? { items: [] } : null;
      const after = cursorAt(cursor);
      if (after === null) return null;
      const rows = await followPage(db, identifier, 'following', { after, limit: COLLECTION_PAGE + 1 });
      return pageOf(rows, (row) => (row.remoteUri ? new URL(row.remoteUri) : ctx.getActorUri(row.userId)));
    })
    .setCounter(async (_ctx, identifier) => (await deps.profiles.findByUserId(identifier))?.following_count ?? null)
    .setFirstCursor(async () => '');

  // What a member made public, as their followers' servers were told it: a Create of each Note.
  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (ctx, identifier, cursor) => {
      const member = await findLocalActor(db, identifier);
      // A locked profile has nothing public (its Notes went to its followers only).
      if (!member || member.locked === 1 || cursor === null) return member ? { items: [] } : null;
      const after = cursorAt(cursor);
      if (after === null) return null;
      const rows = await sentPublicObjects(db, identifier, { after, limit: COLLECTION_PAGE + 1 });
      const shown = rows.slice(0, COLLECTION_PAGE);
      const creates = await Promise.all(
        shown.map(async (row) => {
          const object = await loadObject(db, config.publicUrl, row.type, row.id);
          if (object?.audience !== 'public') return null;
          const note = object.note(ctx, row.generation);
          return new Create({
            id: new URL(`${note.id?.href}#create`),
            actor: ctx.getActorUri(identifier),
            object: note,
            tos: note.toIds,
            ccs: note.ccIds,
            published: note.published,
          });
        }),
      );
      const last = shown.at(-1);
      return {
        items: creates.filter((create) => create !== null),
        nextCursor:
          rows.length > COLLECTION_PAGE && last ? encodeCursor({ createdAt: last.sentAt, id: last.id }) : null,
      };
    })
    .setCounter(async (_ctx, identifier) => {
      const member = await findLocalActor(db, identifier);
      if (!member) return null;
      return member.locked === 1 ? 0 : countSentPublicObjects(db, identifier);
    })
    .setFirstCursor(async () => '');

  // A profile's favourite albums, as Mastodon's featured (pinned) collection: each a link to its page here.
  federation.setFeaturedDispatcher(FEATURED_PATH, async (_ctx, identifier) => {
    const member = await findLocalActor(db, identifier);
    if (!member) return null;
    if (member.locked === 1) return { items: [] };
    const { albums } = await deps.favourites.of(null, identifier);
    return {
      items: albums.map(
        (album) =>
          new APObject({
            name: `${album.name} by ${album.artistName}`,
            url: new URL(`/album/${encodeURIComponent(album.id)}`, config.publicUrl),
            image: new Image({ url: new URL(album.imageUrl, config.publicUrl) }),
          }),
      ),
    };
  });

  // Members' posts, lists and album ratings, as their followers' servers were told them (outbox.ts):
  // public ones to anyone, followers-only ones to a signed fetch by one of those followers.
  const servedObject = async (noteId: string) => {
    const parsed = parseNoteId(noteId);
    if (!parsed) return undefined;
    const sent = await findSentObject(db, parsed.type, parsed.id);
    if (!sent?.audience || sent.generation !== parsed.generation) return undefined;
    const object = await loadObject(db, config.publicUrl, parsed.type, parsed.id);
    if (!object || object.audience !== sent.audience || !(await findLocalActor(db, object.userId))) return undefined;
    return { object, generation: sent.generation };
  };
  federation
    .setObjectDispatcher(Note, NOTE_PATH, async (ctx, { noteId }) => {
      const served = await servedObject(noteId);
      return served ? served.object.note(ctx, served.generation) : null;
    })
    .authorize(async (ctx, { noteId }) => {
      const served = await servedObject(noteId);
      if (!served || served.object.audience === 'public') return true;
      const owner = await ctx.getSignedKeyOwner();
      return owner?.id ? isRemoteFollower(db, owner.id.href, served.object.userId) : false;
    });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const [usage, registration] = await Promise.all([instanceUsage(db), deps.registration.refresh()]);
    return {
      software: {
        name: 'liner',
        version: SOFTWARE_VERSION,
        homepage: new URL(config.publicUrl),
      },
      protocols: ['activitypub'],
      openRegistrations: registration === 'open',
      usage: {
        users: { total: usage.users },
        localPosts: usage.localPosts,
        localComments: usage.localComments,
      },
    };
  });

  listenToInbox(
    federation.setInboxListeners(INBOX_PATH, SHARED_INBOX_PATH).setSharedKeyDispatcher(() => ({
      identifier: INSTANCE_ACTOR,
    })),
    { ...deps, people },
  );
  return federation;

  async function personOf(ctx: RequestContext<void>, member: LocalActorRow): Promise<Person> {
    const pairs = await ctx.getActorKeyPairs(member.userId);
    const profileUrl = new URL(`/profile/${encodeURIComponent(member.displayName)}`, config.publicUrl);
    return new Person({
      id: ctx.getActorUri(member.userId),
      preferredUsername: preferredUsername(member.displayName, member.userId),
      name: member.displayName,
      summary: member.bio ? htmlOfText(member.bio) : null,
      url: profileUrl,
      icon: member.pictureUrl ? new Image({ url: new URL(member.pictureUrl, config.publicUrl) }) : null,
      published: Temporal.Instant.from(member.createdAt),
      manuallyApprovesFollowers: member.locked === 1,
      discoverable: true,
      indexable: member.locked !== 1,
      inbox: ctx.getInboxUri(member.userId),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      followers: ctx.getFollowersUri(member.userId),
      following: ctx.getFollowingUri(member.userId),
      outbox: ctx.getOutboxUri(member.userId),
      featured: ctx.getFeaturedUri(member.userId),
      publicKey: pairs[0]?.cryptographicKey ?? null,
      assertionMethods: pairs.map((pair) => pair.multikey),
    });
  }

  async function instanceActor(ctx: RequestContext<void>): Promise<Application> {
    const pairs = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
    const host = new URL(config.publicUrl).host;
    return new Application({
      id: ctx.getActorUri(INSTANCE_ACTOR),
      preferredUsername: host,
      name: 'liner',
      summary: `The server at ${host}, which signs what it fetches for the people who use it.`,
      url: new URL(config.publicUrl),
      manuallyApprovesFollowers: true,
      inbox: ctx.getInboxUri(INSTANCE_ACTOR),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: pairs[0]?.cryptographicKey ?? null,
      assertionMethods: pairs.map((pair) => pair.multikey),
    });
  }
}

/** The display name a profile page's address names (`/profile/{name}` on this site), if it is one. */
export function profileNameOf(resource: URL, publicUrl: string): string | undefined {
  if (resource.origin !== new URL(publicUrl).origin) return undefined;
  const match = /^\/profile\/([^/]+)$/.exec(resource.pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** '' is the first page; anything else is a cursor this site made (null: it is not one). */
function cursorAt(cursor: string): PageCursor | undefined | null {
  if (cursor === '') return undefined;
  try {
    return decodeCursor(cursor);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

function pageOf<Row extends { userId: string; createdAt: string }, Item>(rows: Row[], item: (row: Row) => Item) {
  const shown = rows.slice(0, COLLECTION_PAGE);
  const last = shown.at(-1);
  return {
    items: shown.map(item),
    nextCursor:
      rows.length > COLLECTION_PAGE && last ? encodeCursor({ createdAt: last.createdAt, id: last.userId }) : null,
  };
}
