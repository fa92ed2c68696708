import { Accept, Create, Follow, Like, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, makeAdmin, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';
import { noteIdOf } from './objects.ts';

const ALBUM = 'miles-davis-kind-of-blue';
const MBID = '8e8a594f-2175-4e3a-9d43-4e6c9a4f8c11';
let t: TestApp;
let remote: FakeServer;
let admin: TestUser;
/** Follows yuri of the fake server, whose review of the album arrives in beforeAll. */
let fan: TestUser;
/** Follows nobody there. */
let stranger: TestUser;
let reviewId: string;

const db = () => t.database.handle.db;
const actorUri = (user: TestUser) => new URL(`/ap/users/${user.id}`, t.baseUrl);
const as = (who: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(t, path, { method, body, cookie: who.cookie, ip: who.ip });
const domainPath = (domain: string) => `/api/admin/federation/blocked-domains/${encodeURIComponent(domain)}`;
const personPath = (handle: string) => `/api/admin/federation/silenced-people/${encodeURIComponent(handle)}`;
let n = 0;
const newId = (what: string) => new URL(`/${what}/s${++n}`, remote.origin);

beforeAll(async () => {
  remote = await startFakeServer();
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
  admin = await createUser(t);
  await makeAdmin(t, admin);
  fan = await createUser(t);
  stranger = await createUser(t);

  // The fan follows yuri: a request their server accepts.
  const found = await as(fan, `/api/federation/people?handle=${encodeURIComponent(`@yuri@${remote.host}`)}`);
  expect(found.status).toBe(200);
  expect((await as(fan, `/api/users/${found.body.userId}/follow`, 'POST', {})).status).toBe(200);
  const follow = await waitFor(
    async () => remote.received.find((a) => a instanceof Follow),
    (found) => found !== undefined,
  );
  if (!follow) throw new Error('no Follow reached yuri');
  await remote.send(
    'yuri',
    actorUri(fan),
    new Accept({ id: newId('accepts'), actor: remote.actorUri('yuri'), object: follow }),
  );
  await waitFor(async () => (await as(fan, `/api/users/${found.body.userId}/follow`)).body.following, Boolean);

  // Then reviews the album, which reaches this site's page of it.
  await db().updateTable('albums').set({ mbid: MBID }).where('id', '=', ALBUM).execute();
  const note = new Note({
    id: newId('notes'),
    attribution: remote.actorUri('yuri'),
    to: PUBLIC_COLLECTION,
    content:
      '<p>Reviewed <a href="https://musicbrainz.org/release-group/' +
      `${MBID}">Kind of Blue</a> ★★★★ (4/5)</p><p>Cool, unhurried, perfect.</p>`,
  });
  await remote.send(
    'yuri',
    actorUri(fan),
    new Create({ id: newId('creates'), actor: remote.actorUri('yuri'), object: note, to: PUBLIC_COLLECTION }),
  );
  const reviews = await waitFor(
    () => albumReviews(fan),
    (list) => list.length === 1,
  );
  expect(reviews).toHaveLength(1);
  reviewId = reviews[0] as string;
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

/** The ids of the reviews of people of other servers the album's page shows `who` (undefined: signed out). */
async function albumReviews(who?: TestUser): Promise<string[]> {
  const path = `/api/albums/${ALBUM}/community`;
  const res = who ? await as(who, path) : await call(t, path);
  return (res.body.reviews as Json[]).filter((post) => post.remoteUrl).map((post) => post.id as string);
}

async function followRequesters(user: TestUser): Promise<string[]> {
  const res = await as(user, '/api/users/me/follow-requests');
  return (res.body.people as { displayName: string }[]).map((person) => person.displayName);
}

describe('silencing a server', () => {
  it('makes its people’s follows requests and shows their reviews only to their followers, until lifted', async () => {
    const silenced = await as(admin, domainPath(remote.host), 'PUT', { severity: 'silence' });
    expect(silenced.status).toBe(200);
    expect(silenced.body.domains).toEqual([
      { domain: remote.host, severity: 'silence', people: 1, createdAt: expect.any(String) },
    ]);
    expect((await as(admin, '/api/admin/audit-log')).body.entries[0]).toMatchObject({
      action: 'silence_domain',
      subject: { id: remote.host },
    });

    expect(await albumReviews(fan)).toEqual([reviewId]);
    expect(await albumReviews(stranger)).toEqual([]);
    expect(await albumReviews()).toEqual([]);

    // A follow of an open profile waits for its owner, who is asked as for a locked one.
    const ana = await createUser(t);
    const follow = new Follow({ id: newId('follows'), actor: remote.actorUri('zoe'), object: actorUri(ana) });
    await remote.send('zoe', actorUri(ana), follow);
    const zoe = `zoe@${remote.host}`;
    expect(
      await waitFor(
        () => followRequesters(ana),
        (names) => names.includes(zoe),
      ),
    ).toEqual([zoe]);
    const accepted = () =>
      remote.received.some((a) => a instanceof Accept && a.objectIds.some((id) => id.href === follow.id?.href));
    expect(accepted()).toBe(false);
    const zoeId = (await call(t, `/api/profiles/${encodeURIComponent(zoe)}`)).body.userId;
    expect((await as(ana, `/api/users/me/follow-requests/${zoeId}/approve`, 'POST', {})).status).toBe(200);
    expect(await waitFor(async () => accepted(), Boolean)).toBe(true);

    // Silence is not a block: what they send is still taken.
    expect(silenced.body.domains[0].severity).not.toBe('block');

    const lifted = await as(admin, domainPath(remote.host), 'DELETE');
    expect(lifted.body.domains).toEqual([]);
    expect((await as(admin, '/api/admin/audit-log')).body.entries[0]).toMatchObject({ action: 'unsilence_domain' });
    expect(await albumReviews(stranger)).toEqual([reviewId]);
  });

  it('turns a silence into a block, and a subdomain’s silence outlives its parent’s', async () => {
    const parent = 'parent.example';
    expect((await as(admin, domainPath(parent), 'PUT', { severity: 'silence' })).status).toBe(200);
    expect((await as(admin, domainPath(`sub.${parent}`), 'PUT', { severity: 'silence' })).status).toBe(200);
    const blocked = await as(admin, domainPath(parent), 'PUT');
    expect(blocked.body.domains.map((d: Json) => [d.domain, d.severity])).toEqual([
      [parent, 'block'],
      [`sub.${parent}`, 'silence'],
    ]);
    const invalid = await as(admin, domainPath(parent), 'PUT', { severity: 'mute' });
    expect(invalid.status).toBe(400);
    await as(admin, domainPath(parent), 'DELETE');
    await as(admin, domainPath(`sub.${parent}`), 'DELETE');
  });
});

describe('silencing a person of another server', () => {
  it('is for admins only, and for people of other servers known here', async () => {
    const handle = `yuri@${remote.host}`;
    expect((await as(stranger, personPath(handle), 'PUT')).status).toBe(403);
    expect((await call(t, personPath(handle), { method: 'PUT' })).status).toBe(401);
    const unknown = await as(admin, personPath(`nobody@${remote.host}`), 'PUT');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No one of another server is known here by that address');
    const local = await as(admin, personPath(`${stranger.name}@${new URL(t.baseUrl).host}`), 'PUT');
    expect(local.status).toBe(404);
    expect((await as(admin, personPath('not an address'), 'PUT')).status).toBe(400);
  });

  it('shows their reviews only to their followers, until lifted', async () => {
    const handle = `yuri@${remote.host}`;
    const silenced = await as(admin, personPath(handle), 'PUT');
    expect(silenced.status).toBe(200);
    expect(silenced.body.people).toEqual([
      { userId: expect.any(String), displayName: handle, pictureUrl: null, silencedAt: expect.any(String) },
    ]);
    expect((await as(admin, '/api/admin/audit-log')).body.entries[0]).toMatchObject({
      action: 'silence_person',
      subject: { label: handle },
    });
    expect(await albumReviews(fan)).toEqual([reviewId]);
    expect(await albumReviews(stranger)).toEqual([]);

    const lifted = await as(admin, personPath(handle), 'DELETE');
    expect(lifted.body.people).toEqual([]);
    expect(await albumReviews(stranger)).toEqual([reviewId]);
  });
});

describe('suspending a person of another server', () => {
  it('ignores what they send and sends them nothing', async () => {
    const ana = await createUser(t);
    const follow = new Follow({ id: newId('follows'), actor: remote.actorUri('vic'), object: actorUri(ana) });
    await remote.send('vic', actorUri(ana), follow);
    await waitFor(
      async () => remote.received.some((a) => a instanceof Accept && a.objectId?.href === follow.id?.href),
      Boolean,
    );
    const vicId = (await call(t, `/api/profiles/${encodeURIComponent(`vic@${remote.host}`)}`)).body.userId;
    expect((await as(admin, `/api/admin/members/${vicId}/suspension`, 'PUT', {})).status).toBe(200);

    const before = remote.received.length;
    const posted = await as(ana, '/api/posts', 'POST', { title: 'Hello', content: 'Anyone?', visibility: 'public' });
    expect(posted.status).toBe(201);
    await t.app.federationOutbox?.drained();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.received.slice(before).filter((a) => a instanceof Create)).toEqual([]);

    const post = await db()
      .selectFrom('federated_objects')
      .select(['object_id', 'generation'])
      .where('object_id', '=', posted.body.id)
      .executeTakeFirst();
    expect(post).toBeDefined();
    const note = new URL(`/ap/notes/${noteIdOf('post', posted.body.id, post?.generation ?? 1)}`, t.baseUrl);
    const likes = () => call(t, `/api/posts/${posted.body.id}`).then((res) => res.body.likesCount as number);
    await remote.send(
      'vic',
      actorUri(ana),
      new Like({ id: newId('likes'), actor: remote.actorUri('vic'), object: note }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await likes()).toBe(0);
    // Anyone else's Like of the same post counts.
    await remote.send(
      'wes',
      actorUri(ana),
      new Like({ id: newId('likes'), actor: remote.actorUri('wes'), object: note }),
    );
    expect(await waitFor(likes, (count) => count === 1)).toBe(1);
  });
});
