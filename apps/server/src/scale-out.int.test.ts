import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/build-app.ts';
import { startCuttableProxy } from './test/cuttable-proxy.ts';
import { call, createUser, signIn, type TestUser } from './test/users.ts';
import { waitFor } from './test/wait-for.ts';

// Several instances of one site share the database and Redis: a session, a sign-out,
// a new name, a rating and a rate limit made through one are seen through the other at once; and
// with Redis gone, the site keeps serving and recovers by itself.

const ALBUM = 'miles-davis-kind-of-blue';
const SEARCHES_PER_MINUTE = 6;

describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing the database and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let ana: TestUser;

  beforeAll(async () => {
    // Per-user limits are ten times the per-address ones; searches signed out count per address.
    const env = { RATE_LIMIT_SEARCHES: String(SEARCHES_PER_MINUTE) };
    a = await createTestApp({ env });
    b = await createTestApp({ env, instanceOf: a });
    ana = await createUser(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const sessionOn = async (app: TestApp, cookie: string) =>
    (await call(app, '/api/auth/get-session', { cookie })).body as { user?: { name: string } } | null;

  it('accepts a session made through one instance on the other', async () => {
    expect((await sessionOn(b, ana.cookie))?.user).toMatchObject({ email: ana.email });
    expect((await call(b, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(200);
  });

  it('signs a browser out everywhere the moment Settings signs it out on one instance', async () => {
    const other = await signIn(a, ana.email, ana.password, ana.ip);
    expect(other.status).toBe(200);
    const { cookie } = other;
    expect(await sessionOn(b, cookie)).not.toBeNull();
    const sessions = (await call(a, '/api/users/me/sessions', { cookie: ana.cookie })).body as Array<{
      id: string;
      current: boolean;
    }>;
    const target = sessions.find((s) => !s.current);
    expect(target).toBeDefined();
    const revoked = await call(a, `/api/users/me/sessions/${target?.id}`, { method: 'DELETE', cookie: ana.cookie });
    expect(revoked.status).toBe(204);
    expect(await sessionOn(b, cookie)).toBeNull();
    expect((await call(b, '/api/users/me/profile', { cookie })).status).toBe(401);
  });

  it('shows a new display name through the other instance at once', async () => {
    const renamed = await call(a, '/api/users/me/profile', {
      method: 'PUT',
      body: { displayName: 'Ana Two' },
      cookie: ana.cookie,
    });
    expect(renamed.status).toBe(200);
    expect((await sessionOn(b, ana.cookie))?.user?.name).toBe('Ana Two');
  });

  it("refreshes the other instance's cached album when a song is rated", async () => {
    const before = (await call(b, `/api/music/albums/${ALBUM}`)).body as { tracks: Array<{ id: string }> };
    // Cached on b now: without the news from a, b would serve this body for 10 s.
    expect((await call(b, `/api/music/albums/${ALBUM}`)).body).toEqual(before);
    const track = before.tracks[0]?.id as string;
    const rated = await call(a, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 9 },
      cookie: ana.cookie,
    });
    expect(rated.status).toBe(200);
    const after = await waitFor(
      async () => (await call(b, `/api/music/albums/${ALBUM}`)).body,
      (body) => JSON.stringify(body) !== JSON.stringify(before),
      1000,
    );
    expect(after).not.toEqual(before);
  });

  it('counts a rate limit across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SEARCHES_PER_MINUTE + 2; i++) {
      const app = i % 2 === 0 ? a : b;
      statuses.push((await call(app, `/api/music/search?q=blue${i}`, { cookie: ana.cookie, ip: ana.ip })).status);
    }
    expect(statuses.slice(0, SEARCHES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SEARCHES_PER_MINUTE)).toEqual([429, 429]);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis down', () => {
  let t: TestApp;
  let ana: TestUser;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;

  beforeAll(async () => {
    const real = new URL(process.env.TEST_REDIS_URL as string);
    proxy = await startCuttableProxy({ host: real.hostname, port: Number(real.port || 6379) });
    await proxy.start();
    const viaProxy = new URL(real);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    t = await createTestApp({ env: { REDIS_URL: viaProxy.toString() } });
    await waitFor(
      () => call(t, '/api/ready'),
      (res) => res.status === 200,
    );
    ana = await createUser(t);
  });
  afterAll(async () => {
    await proxy.restore();
    await t?.close();
    await proxy.close();
  });

  it('keeps serving reads, sessions and sign-in, says it is not ready, and recovers without a restart', async () => {
    await proxy.cut();
    const ready = await waitFor(
      () => call(t, '/api/ready'),
      (res) => res.status === 503,
    );
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', checks: { redis: { status: 'down' } } });
    expect((await call(t, '/api/health')).status).toBe(200);

    // Every answer comes quickly and none is a 5xx.
    const started = performance.now();
    expect((await call(t, `/api/music/albums/${ALBUM}`)).status).toBe(200);
    expect((await call(t, '/api/music/search?q=blue')).status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(200);
    const signIn = await call(t, '/api/auth/sign-in/email', {
      body: { email: ana.email, password: ana.password },
      ip: ana.ip,
    });
    expect(signIn.status).toBe(200);
    const wrong = await call(t, '/api/auth/sign-in/email', {
      body: { email: ana.email, password: 'not-her-password-at-all' },
      ip: ana.ip,
    });
    expect(wrong.status).toBe(401);
    expect(performance.now() - started).toBeLessThan(3000);

    // Signed out while Redis could not hear it: the copy there must not bring the session back.
    const signedOut = await call(t, '/api/auth/sign-out', { method: 'POST', body: {}, cookie: ana.cookie });
    expect(signedOut.status).toBe(200);

    await proxy.restore();
    const back = await waitFor(
      () => call(t, '/api/ready'),
      (res) => res.status === 200,
    );
    expect(back.body).toMatchObject({ status: 'ready', checks: { redis: { status: 'up' } } });
    for (let i = 0; i < 5; i++) {
      expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(401);
    }
    const again = await call(t, '/api/auth/sign-in/email', {
      body: { email: ana.email, password: ana.password },
      ip: ana.ip,
    });
    expect(again.status).toBe(200);
  });
});
