import { Accept, Create, Follow, Note, Person } from '@fedify/vocab';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import {
  announces,
  bookwyrmActor,
  type FixtureActor,
  follows,
  likes,
  mastodonActor,
  mastodonReply,
  takaheActor,
} from '../../test/fediverse-fixtures.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * Real servers' payloads (test/fediverse-fixtures.ts), signed as they sign them, are understood;
 * what liner sends is what Mastodon expects of an actor, a Note and an Accept.
 */
let t: TestApp;
let remote: FakeServer;
let ana: TestUser;
let note: URL;
let postId: string;

const PLATFORMS = {
  mastodon: mastodonActor,
  takahe: takaheActor,
  bookwyrm: bookwyrmActor,
} as const;
type Platform = keyof typeof PLATFORMS;
/** What each platform's avatar address serves. */
const PICTURE = sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();
const keys = new Map<string, { keyId: string; privateKey: Parameters<FakeServer['postSigned']>[2]['privateKey'] }>();

beforeAll(async () => {
  remote = await startFakeServer();
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
  ana = await createUser(t, { name: `ana_${Date.now().toString(36)}` });
  // A follower on Fedify's own test server, so ana's note is sent and its address known.
  const follow = new Follow({
    id: new URL('/follows/proto', remote.origin),
    actor: remote.actorUri('watcher'),
    object: actorUri(),
  });
  await remote.send('watcher', actorUri(), follow);
  await waitFor(async () => remote.received.some((a) => a instanceof Accept), Boolean);
  const before = remote.received.length;
  const res = await call(t, '/api/posts', {
    body: { title: 'Tonight', content: 'Kind of Blue, again.', visibility: 'public' },
    cookie: ana.cookie,
    ip: ana.ip,
  });
  postId = res.body.id;
  await t.app.federationOutbox?.drained();
  await waitFor(
    async () => remote.received.length,
    (n) => n > before,
  );
  const created = remote.received.slice(before).find((a) => a instanceof Create);
  const object = await created?.getObject();
  if (!(object instanceof Note) || !object.id) throw new Error('no Note was sent');
  note = object.id;
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

const actorUri = () => new URL(`/ap/users/${ana.id}`, t.baseUrl);
const sharedInbox = () => new URL('/ap/inbox', t.baseUrl);

async function actorOf(platform: Platform, username: string): Promise<FixtureActor> {
  const key = await remote.newKey();
  const actor = PLATFORMS[platform](`${remote.origin}/${platform}`, username, key.publicKeyPem);
  remote.serveDocument(new URL(actor.id).pathname, actor.document);
  const icon = (actor.document as { icon?: { url: string } }).icon?.url;
  if (icon) remote.serveFile(new URL(icon).pathname, { body: await PICTURE, type: 'image/png' });
  // BookWyrm's key id is the actor's address with a slash and a fragment; its server answers both.
  remote.serveDocument(new URL(actor.keyId).pathname, actor.document);
  keys.set(actor.id, { keyId: actor.keyId, privateKey: key.privateKey });
  return actor;
}

async function send(actor: FixtureActor, activity: Json): Promise<number> {
  const key = keys.get(actor.id);
  if (!key) throw new Error('no key');
  const res = await remote.postSigned(sharedInbox(), activity, key);
  await waitFor(
    async () =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('fedify_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    (queued) => queued === 0,
  );
  return res.status;
}

const post = () =>
  t.database.handle.db
    .selectFrom('posts')
    .select(['likes_count', 'comments_count', 'boosts_count'])
    .where('id', '=', postId)
    .executeTakeFirstOrThrow()
    .then((row) => ({
      likes: Number(row.likes_count),
      comments: Number(row.comments_count),
      boosts: Number(row.boosts_count),
    }));

const followerCount = async () =>
  Number(
    (
      await t.database.handle.db
        .selectFrom('profiles')
        .select('follower_count')
        .where('user_id', '=', ana.id)
        .executeTakeFirstOrThrow()
    ).follower_count,
  );

describe.each(['mastodon', 'takahe', 'bookwyrm'] as const)('what %s sends', (platform) => {
  it('an actor and its Follow: a follower named handle@host, answered with an Accept naming the Follow', async () => {
    const actor = await actorOf(platform, `${platform}fan`);
    const before = await followerCount();
    const follow = follows[platform](actor, actorUri().href);
    expect(await send(actor, follow)).toBe(202);
    expect(await followerCount()).toBe(before + 1);
    const person = await call(t, `/api/profiles/${encodeURIComponent(`${platform}fan@${remote.host}`)}`);
    expect(person.status).toBe(200);
    // Their picture, as their actor names it (an Image with a url), copied here.
    const icon = (actor.document as { icon?: { url: string } }).icon?.url;
    if (icon) expect(person.body.pictureUrl).toMatch(/^\/api\/files\/avatars\//);
    else expect(person.body.pictureUrl).toBeNull();
    const accept = await waitFor(
      async () =>
        remote.rawReceived.find((r) => r.body?.type === 'Accept' && JSON.stringify(r.body).includes(follow.id)),
      Boolean,
    );
    expect(accept?.body.actor).toBe(actorUri().href);
  });

  it('a Like and an Announce of a member’s Note: counted once each', async () => {
    const actor = await actorOf(platform, `${platform}liker`);
    const before = await post();
    expect(await send(actor, likes[platform](actor, note.href))).toBe(202);
    expect(await send(actor, announces[platform](actor, note.href, actorUri().href))).toBe(202);
    expect(await post()).toMatchObject({ likes: before.likes + 1, boosts: before.boosts + 1 });
  });
});

describe('Mastodon’s reply', () => {
  it('becomes a comment without its mention', async () => {
    const actor = await actorOf('mastodon', 'replier');
    const before = await post();
    expect(
      await send(actor, mastodonReply(actor, note.href, { id: actorUri().href, handle: ana.name }, 'What a record.')),
    ).toBe(202);
    expect(await post()).toMatchObject({ comments: before.comments + 1 });
    const comments = await call(t, `/api/posts/${postId}/comments`);
    expect(comments.body.comments.map((c: Json) => c.content)).toContain('What a record.');
  });
});

describe('what liner sends, as Mastodon reads it', () => {
  it('an actor: a Person whose handle WebFinger maps back, with an inbox, a shared inbox and a key it owns', async () => {
    const person = await remote.lookup('watcher', actorUri());
    expect(person).toBeInstanceOf(Person);
    const username = person.preferredUsername?.toString() ?? '';
    expect(username).toMatch(/^[a-z0-9_]+([a-z0-9_.-]*[a-z0-9_])?$/i);
    const finger = await fetch(
      new URL(`/.well-known/webfinger?resource=acct:${username}@${new URL(t.baseUrl).host}`, t.baseUrl),
    ).then((res) => res.json() as Promise<Json>);
    expect(finger.subject).toBe(`acct:${username}@${new URL(t.baseUrl).host}`);
    expect(finger.links.find((l: Json) => l.rel === 'self').href).toBe(person.id?.href);
    const key = await person.getPublicKey();
    expect(key?.ownerId?.href).toBe(person.id?.href);
    expect(key?.id?.href.startsWith(person.id?.href ?? '-')).toBe(true);
    expect(person.inboxId).not.toBeNull();
    expect(person.endpoints?.sharedInbox).not.toBeNull();
  });

  it('a Note: its author, its addressing, HTML content, a date and a page', async () => {
    const served = await Note.fromJsonLd(
      await fetch(note, { headers: { accept: 'application/activity+json' } }).then((res) => res.json()),
    );
    expect(served.attributionId?.href).toBe(actorUri().href);
    expect(served.toIds.map(String)).toContain('https://www.w3.org/ns/activitystreams#Public');
    expect(served.content?.toString()).toMatch(/^<p>/);
    expect(served.published).not.toBeNull();
    expect(served.url?.toString()).toBe(`${t.baseUrl}/post/${postId}`);
    // Mastodon refuses an object whose address is on another host than its author's.
    expect(served.id?.host).toBe(actorUri().host);
  });

  it('an Accept: from the member followed, naming the Follow it answers', async () => {
    const accept = remote.rawReceived.find((r) => r.body?.type === 'Accept');
    expect(accept).toBeDefined();
    const parsed = await Accept.fromJsonLd(accept?.body);
    expect(parsed.actorId?.href).toBe(actorUri().href);
    expect(parsed.objectId).not.toBeNull();
  });
});
