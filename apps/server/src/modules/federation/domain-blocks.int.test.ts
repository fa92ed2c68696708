import { Accept, Create, Follow } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import { call, createUser, makeAdmin, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

let t: TestApp;
let remote: FakeServer;
let admin: TestUser;

beforeAll(async () => {
  remote = await startFakeServer();
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
  admin = await createUser(t);
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

const actorUri = (user: TestUser) => new URL(`/ap/users/${user.id}`, t.baseUrl);
const as = (who: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(t, path, { method, body, cookie: who.cookie, ip: who.ip });
const blockPath = (domain: string) => `/api/admin/federation/blocked-domains/${encodeURIComponent(domain)}`;
let n = 0;

async function followAs(name: string, user: TestUser): Promise<Follow> {
  const follow = new Follow({
    id: new URL(`/follows/b${++n}`, remote.origin),
    actor: remote.actorUri(name),
    object: actorUri(user),
  });
  await remote.send(name, actorUri(user), follow);
  return follow;
}

const followerCount = async (user: TestUser) =>
  Number(
    (
      await t.database.handle.db
        .selectFrom('profiles')
        .select('follower_count')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).follower_count,
  );

describe('blocking a server', () => {
  it('is for admins only, and takes a server name', async () => {
    const member = await createUser(t);
    expect((await as(member, blockPath('bad.example'), 'PUT')).status).toBe(403);
    expect((await call(t, blockPath('bad.example'), { method: 'PUT' })).status).toBe(401);
    const invalid = await as(admin, blockPath('not a domain!'), 'PUT');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('Enter a server name like example.social');
    expect((await as(admin, blockPath('nothing-blocked.example'), 'DELETE')).status).toBe(404);
  });

  it('ends its follows, refuses what it sends with 403 and stores nothing, sends it nothing; unblocking lets it back', async () => {
    const ana = await createUser(t);
    const first = await followAs('eve', ana);
    await waitFor(
      async () => remote.received.some((a) => a instanceof Accept && a.objectId?.href === first.id?.href),
      Boolean,
    );
    expect(await followerCount(ana)).toBe(1);

    const blocked = await as(admin, blockPath(remote.host), 'PUT');
    expect(blocked.status).toBe(200);
    expect(blocked.body.domains).toEqual([
      { domain: remote.host, severity: 'block', people: 1, createdAt: expect.any(String) },
    ]);
    expect(await followerCount(ana)).toBe(0);
    const audit = await as(admin, '/api/admin/audit-log');
    expect(audit.body.entries[0]).toMatchObject({ action: 'block_domain', subject: { id: remote.host } });

    // Someone new of that server: refused before anything is read.
    const peopleBefore = await t.database.handle.db.selectFrom('remote_actors').select('uri').execute();
    await expect(followAs('frank', ana)).rejects.toThrow(/403/);
    expect(await t.database.handle.db.selectFrom('remote_actors').select('uri').execute()).toEqual(peopleBefore);
    expect(await followerCount(ana)).toBe(0);

    // Nothing is sent there, and nobody there is found.
    const before = remote.received.length;
    await as(ana, '/api/posts', 'POST', { title: 'Hello', content: 'Anyone?', visibility: 'public' });
    await t.app.federationOutbox?.drained();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.received.slice(before).filter((a) => a instanceof Create)).toEqual([]);
    const lookup = await as(ana, `/api/federation/people?handle=${encodeURIComponent(`@eve@${remote.host}`)}`);
    expect(lookup.status).toBe(404);

    expect((await as(admin, blockPath(remote.host), 'DELETE')).status).toBe(200);
    const again = await followAs('frank', ana);
    await waitFor(
      async () => remote.received.some((a) => a instanceof Accept && a.objectId?.href === again.id?.href),
      Boolean,
    );
    expect(await followerCount(ana)).toBe(1);
  });
});

describe('deliveries a minute', () => {
  it('refuses a server, or an address, past its share with 429 and Retry-After, before reading anything', async () => {
    const small = await createTestApp({
      instanceOf: t,
      env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', FEDERATION_INBOX_PER_MINUTE: '3' },
    });
    try {
      const post = () =>
        fetch(new URL('/ap/inbox', small.baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/activity+json', 'x-forwarded-for': '203.0.113.77' },
          body: '{"type":"Like"}',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post()).status);
      // Fedify refuses the first three itself (not an activity it can use); the fourth is not even read.
      expect(statuses.slice(0, 3).every((status) => status === 400 || status === 401)).toBe(true);
      expect(statuses[3]).toBe(429);
      const refused = await post();
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    } finally {
      await small.close();
    }
  });
});

describe('new people an hour', () => {
  it('lets so many people of one server become members here an hour, and ignores the rest', async () => {
    const small = await createTestApp({
      instanceOf: t,
      env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', FEDERATION_NEW_PEOPLE_PER_HOUR: '2' },
    });
    const other = await startFakeServer();
    try {
      const ana = await createUser(small);
      const target = new URL(`/ap/users/${ana.id}`, small.baseUrl);
      const follows: Follow[] = [];
      for (const name of ['one', 'two', 'three']) {
        const follow = new Follow({
          id: new URL(`/follows/${name}`, other.origin),
          actor: other.actorUri(name),
          object: target,
        });
        follows.push(follow);
        await other.send(name, target, follow);
      }
      const accepted = () =>
        follows.filter((follow) =>
          other.received.some((a) => a instanceof Accept && a.objectId?.href === follow.id?.href),
        ).length;
      expect(
        await waitFor(
          async () => accepted(),
          (n) => n >= 2,
        ),
      ).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(accepted()).toBe(2);
      const people = await small.database.handle.db
        .selectFrom('remote_actors')
        .select('handle')
        .where('host', '=', other.host)
        .execute();
      expect(people).toHaveLength(2);
      // Someone already known is no new person: what they send is still taken.
      const again = new Follow({
        id: new URL('/follows/one-again', other.origin),
        actor: other.actorUri('one'),
        object: target,
      });
      await other.send('one', target, again);
      expect(
        await waitFor(
          async () => other.received.some((a) => a instanceof Accept && a.objectId?.href === again.id?.href),
          Boolean,
        ),
      ).toBe(true);
    } finally {
      await small.close();
      await other.close();
    }
  });
});
