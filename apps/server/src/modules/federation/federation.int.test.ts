import { Accept, Application, Follow, type Multikey, Person, Reject, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, makeAdmin, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

let t: TestApp;
let remote: FakeServer;
beforeAll(async () => {
  remote = await startFakeServer();
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

const AP = 'application/activity+json';
const db = () => t.database.handle.db;
const get = (path: string, accept = AP) => fetch(new URL(path, t.baseUrl), { headers: { accept }, redirect: 'manual' });
const json = (res: Response): Promise<Json> => res.json();
const actorUri = (user: TestUser) => new URL(`/ap/users/${user.id}`, t.baseUrl);

let followNumber = 0;
/** A Follow from `name` on the fake server to `user`, with an id of its own. */
const followFrom = (name: string, user: TestUser) =>
  new Follow({
    id: new URL(`/follows/${++followNumber}`, remote.origin),
    actor: remote.actorUri(name),
    object: actorUri(user),
  });

async function followerCount(user: TestUser): Promise<number> {
  const row = await db()
    .selectFrom('profiles')
    .select('follower_count')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return Number(row?.follower_count);
}

/** Activities of `type` the fake server received about the Follow with this id. */
function answersTo(follow: Follow, type: typeof Accept | typeof Reject) {
  return remote.received.filter(
    (activity) => activity instanceof type && activity.objectIds.some((id) => id.href === follow.id?.href),
  );
}

async function remoteMemberId(name: string): Promise<string | undefined> {
  const row = await db()
    .selectFrom('remote_actors')
    .select('user_id')
    .where('uri', '=', remote.actorUri(name).href)
    .executeTakeFirst();
  return row?.user_id;
}

describe('discovery', () => {
  it('answers WebFinger for a display name, in any case, and for the user id, with the actor', async () => {
    const ana = await createUser(t, { name: `Ana_${Date.now().toString(36)}` });
    const host = new URL(t.baseUrl).host;
    for (const handle of [ana.name, ana.name.toUpperCase(), ana.id]) {
      const res = await get(
        `/.well-known/webfinger?resource=acct:${encodeURIComponent(handle)}@${host}`,
        'application/jrd+json',
      );
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: actorUri(ana).href }));
    }
    const byProfile = await get(
      `/.well-known/webfinger?resource=${encodeURIComponent(`${t.baseUrl}/profile/${ana.name}`)}`,
      'application/jrd+json',
    );
    expect(byProfile.status).toBe(200);
    expect((await json(byProfile)).links).toContainEqual(
      expect.objectContaining({ rel: 'self', href: actorUri(ana).href }),
    );
    expect((await get(`/.well-known/webfinger?resource=acct:nobody_here@${host}`)).status).toBe(404);
  });

  it('names a member whose display name is no handle elsewhere by their user id', async () => {
    const spaced = await createUser(t, { name: `Zoë Ray ${Date.now().toString(36)}` });
    const person = await remote.lookup('alice', actorUri(spaced));
    expect(person).toBeInstanceOf(Person);
    expect(person.preferredUsername?.toString()).toBe(spaced.id);
    expect(person.name?.toString()).toBe(spaced.name);
    const host = new URL(t.baseUrl).host;
    const res = await get(`/.well-known/webfinger?resource=${encodeURIComponent(`acct:${spaced.name}@${host}`)}`);
    expect(res.status).toBe(200);
  });

  it('tells NodeInfo that it is liner, counting its own members only, and serves host-meta', async () => {
    const links = await json(await get('/.well-known/nodeinfo', 'application/json'));
    const href = links.links.find((link: { rel: string }) => link.rel.endsWith('/schema/2.1'))?.href;
    expect(href).toBe(`${t.baseUrl}/nodeinfo/2.1`);
    const info = await json(await get('/nodeinfo/2.1', 'application/json'));
    expect(info.software.name).toBe('liner');
    expect(info.protocols).toEqual(['activitypub']);
    expect(info.openRegistrations).toBe(true);
    const members = await db()
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('suspendedAt', 'is', null)
      .where('email', 'not like', '%@remote.invalid')
      .executeTakeFirstOrThrow();
    expect(info.usage.users.total).toBe(Number(members.count));
    const hostMeta = await get('/.well-known/host-meta', 'application/xrd+xml');
    expect(await hostMeta.text()).toContain(`template="${t.baseUrl}/.well-known/webfinger?resource={uri}"`);
    const admin = await createUser(t);
    await makeAdmin(t, admin);
    const setMode = (mode: string) =>
      call(t, '/api/admin/registration', { method: 'PUT', cookie: admin.cookie, ip: admin.ip, body: { mode } });
    expect((await setMode('invite')).status).toBe(200);
    try {
      expect((await json(await get('/nodeinfo/2.1', 'application/json'))).openRegistrations).toBe(false);
    } finally {
      await setMode('open');
    }
  });
});

describe('actors', () => {
  it('serves a member as a Person with an inbox, collections and an RSA and an Ed25519 key that stay the same', async () => {
    const ana = await createUser(t);
    const person = await remote.lookup('alice', actorUri(ana));
    expect(person).toBeInstanceOf(Person);
    expect(person.id?.href).toBe(actorUri(ana).href);
    expect(person.preferredUsername?.toString()).toBe(ana.name);
    expect(person.inboxId?.href).toBe(`${actorUri(ana).href}/inbox`);
    expect(person.endpoints?.sharedInbox?.href).toBe(`${t.baseUrl}/ap/inbox`);
    expect(person.followersId?.href).toBe(`${actorUri(ana).href}/followers`);
    expect(person.url?.toString()).toBe(`${t.baseUrl}/profile/${ana.name}`);
    const rsa = await person.getPublicKey();
    expect((await rsa?.publicKey)?.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
    const methods: Multikey[] = [];
    for await (const method of person.getAssertionMethods()) methods.push(method);
    expect(methods.map((m) => m.publicKey?.algorithm.name)).toEqual(['RSASSA-PKCS1-v1_5', 'Ed25519']);

    const again = await json(await get(`/ap/users/${ana.id}`));
    const first = await json(await get(`/ap/users/${ana.id}`));
    expect(again.publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);
    // Another process of the same site signs with the same keys.
    const twin = await createTestApp({ instanceOf: t, env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on' } });
    try {
      const fromTwin = await json(
        await fetch(new URL(`/ap/users/${ana.id}`, twin.baseUrl), { headers: { accept: AP } }),
      );
      expect(fromTwin.publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);
    } finally {
      await twin.close();
    }
  });

  it('sends a browser to the profile page, and a server asking for the profile page to the actor', async () => {
    const ana = await createUser(t);
    const html = await get(`/ap/users/${ana.id}`, 'text/html');
    expect(html.status).toBe(302);
    expect(html.headers.get('location')).toBe(`${t.baseUrl}/profile/${ana.name}`);
    const profile = await get(`/profile/${ana.name}`);
    expect(profile.status).toBe(302);
    expect(profile.headers.get('location')).toBe(actorUri(ana).href);
    expect(profile.headers.get('vary')).toMatch(/accept/i);
    expect((await get('/profile/nobody_at_all')).status).toBe(404);
  });

  it('has an instance actor, and no actor for an unknown id, a suspended member or a person of another server', async () => {
    const instance = await remote.lookup('alice', new URL('/ap/users/instance', t.baseUrl));
    expect(instance).toBeInstanceOf(Application);
    expect((await get('/ap/users/no-such-user')).status).toBe(404);
    const suspended = await createUser(t);
    await db()
      .updateTable('user')
      .set({ suspendedAt: new Date().toISOString() })
      .where('id', '=', suspended.id)
      .execute();
    expect((await get(`/ap/users/${suspended.id}`)).status).toBe(404);
    const ana = await createUser(t);
    await remote.send('remy', actorUri(ana), followFrom('remy', ana));
    const remy = await waitFor(() => remoteMemberId('remy'), Boolean);
    expect(remy).toBeDefined();
    expect((await get(`/ap/users/${remy}`)).status).toBe(404);
  });
});

describe('people of other servers', () => {
  it('cannot sign in here or have a password-reset mail made for them', async () => {
    const ana = await createUser(t);
    await remote.send('remy', actorUri(ana), followFrom('remy', ana));
    const remy = await waitFor(() => remoteMemberId('remy'), Boolean);
    const email = `${remy}@remote.invalid`;
    const signIn = await call(t, '/api/auth/sign-in/email', { body: { email, password: 'correct horse' } });
    expect(signIn.status).toBe(401);
    const mailsBefore = t.mail.length;
    const reset = await call(t, '/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } });
    // They have no account here: the reset form says so, as for an address nobody has.
    expect(reset.status).toBe(404);
    expect(reset.body.message).toBe('No account found with that email.');
    expect(t.mail.length).toBe(mailsBefore);

    // Nor are they among the site's members an admin manages, or in its totals.
    const admin = await createUser(t);
    await makeAdmin(t, admin);
    const members = await call(t, `/api/admin/members?q=${encodeURIComponent(`remy@${remote.host}`)}`, {
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(members.status).toBe(200);
    expect(members.body.members).toEqual([]);
  });
});

describe('inbox', () => {
  it('refuses an unsigned activity with 401 and stores nothing', async () => {
    const ana = await createUser(t);
    const before = await db().selectFrom('remote_actors').select('uri').execute();
    const follow = await followFrom('mallory', ana).toJsonLd();
    for (const path of [`/ap/users/${ana.id}/inbox`, '/ap/inbox']) {
      const res = await fetch(new URL(path, t.baseUrl), {
        method: 'POST',
        headers: { 'content-type': AP },
        body: JSON.stringify(follow),
      });
      expect(res.status).toBe(401);
    }
    expect(await db().selectFrom('remote_actors').select('uri').execute()).toEqual(before);
    expect(await followerCount(ana)).toBe(0);
  });

  it('refuses a body that is not JSON, or too big, with 400', async () => {
    const ana = await createUser(t);
    const post = (body: string) =>
      fetch(new URL(`/ap/users/${ana.id}/inbox`, t.baseUrl), { method: 'POST', headers: { 'content-type': AP }, body });
    expect((await post('{"type": "Follow",')).status).toBe(400);
    const huge = await post(JSON.stringify({ type: 'Note', content: 'x'.repeat(300 * 1024) }));
    expect(huge.status).toBe(400);
    expect((await json(huge)).error.message).toMatch(/at most 256 KB/);
  });

  it('accepts a Follow from another server: a follower counted, a member named handle@host, an Accept sent', async () => {
    const ana = await createUser(t);
    const follow = followFrom('alice', ana);
    await remote.send('alice', actorUri(ana), follow);
    await waitFor(
      async () => answersTo(follow, Accept).length,
      (n) => n > 0,
    );
    expect(answersTo(follow, Accept)).toHaveLength(1);
    expect(await followerCount(ana)).toBe(1);

    const followers = await call(t, `/api/users/${ana.id}/followers`);
    expect(followers.body.people.map((p: { displayName: string }) => p.displayName)).toEqual([`alice@${remote.host}`]);
    const alice = await call(t, `/api/profiles/${encodeURIComponent(`alice@${remote.host}`)}`);
    expect(alice.status).toBe(200);
    expect(alice.body.bio).toBe('I am alice & I like records.');

    const collection = await json(await get(`/ap/users/${ana.id}/followers`));
    expect(collection.totalItems).toBe(1);
    const firstPage = await json(await fetch(collection.first, { headers: { accept: AP } }));
    expect(firstPage.orderedItems).toEqual([remote.actorUri('alice').href]);

    // The same Follow again (servers resend, with new ids): still one follower, answered again.
    const again = followFrom('alice', ana);
    await remote.send('alice', actorUri(ana), again);
    await waitFor(
      async () => answersTo(again, Accept).length,
      (n) => n > 0,
    );
    expect(await followerCount(ana)).toBe(1);

    await remote.send(
      'alice',
      actorUri(ana),
      new Undo({ id: new URL('/undo/1', remote.origin), actor: remote.actorUri('alice'), object: follow }),
    );
    expect(
      await waitFor(
        () => followerCount(ana),
        (n) => n === 0,
      ),
    ).toBe(0);
  });

  it('makes a Follow of a locked profile a request, and tells the other server when it is approved or declined', async () => {
    const ana = await createUser(t);
    const lock = await call(t, '/api/users/me/privacy', {
      method: 'PUT',
      cookie: ana.cookie,
      ip: ana.ip,
      body: { locked: true, defaultAudience: 'followers' },
    });
    expect(lock.status).toBe(200);
    const fromBob = followFrom('bob', ana);
    const fromCleo = followFrom('cleo', ana);
    await remote.send('bob', actorUri(ana), fromBob);
    await remote.send('cleo', actorUri(ana), fromCleo);
    const requests = async () =>
      (await call(t, '/api/users/me/follow-requests', { cookie: ana.cookie, ip: ana.ip })).body.people as {
        userId: string;
      }[];
    expect(await waitFor(requests, (people) => people.length === 2)).toHaveLength(2);
    expect(await followerCount(ana)).toBe(0);
    expect(answersTo(fromBob, Accept)).toHaveLength(0);

    const bob = await remoteMemberId('bob');
    const cleo = await remoteMemberId('cleo');
    const approve = await call(t, `/api/users/me/follow-requests/${bob}/approve`, {
      method: 'POST',
      cookie: ana.cookie,
      ip: ana.ip,
      body: {},
    });
    expect(approve.status).toBe(200);
    await waitFor(
      async () => answersTo(fromBob, Accept).length,
      (n) => n > 0,
    );
    expect(answersTo(fromBob, Accept)).toHaveLength(1);
    expect(await followerCount(ana)).toBe(1);

    const decline = await call(t, `/api/users/me/follow-requests/${cleo}/decline`, {
      method: 'POST',
      cookie: ana.cookie,
      ip: ana.ip,
      body: {},
    });
    expect(decline.status).toBe(200);
    await waitFor(
      async () => answersTo(fromCleo, Reject).length,
      (n) => n > 0,
    );
    expect(answersTo(fromCleo, Reject)).toHaveLength(1);
    expect(answersTo(fromCleo, Accept)).toHaveLength(0);
    expect(await followerCount(ana)).toBe(1);
  });

  it('rejects a Follow from someone the member blocked', async () => {
    const ana = await createUser(t);
    const first = followFrom('dana', ana);
    await remote.send('dana', actorUri(ana), first);
    await waitFor(
      async () => answersTo(first, Accept).length,
      (n) => n > 0,
    );
    const dana = await remoteMemberId('dana');
    const block = await call(t, `/api/users/${dana}/block`, {
      method: 'PUT',
      cookie: ana.cookie,
      ip: ana.ip,
      body: {},
    });
    expect(block.status).toBe(200);
    expect(await followerCount(ana)).toBe(0);

    const again = followFrom('dana', ana);
    await remote.send('dana', actorUri(ana), again);
    await waitFor(
      async () => answersTo(again, Reject).length,
      (n) => n > 0,
    );
    expect(answersTo(again, Reject)).toHaveLength(1);
    expect(await followerCount(ana)).toBe(0);
  });
});
