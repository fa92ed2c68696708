import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, createUser, signIn, type TestUser } from '../test/users.ts';

// Who a request comes from is kept a second per session (session-cache.ts). What members and
// API clients must still see: the same get-session answer Better Auth gives, a sign-out or a new
// name that takes effect at once on the instance that made it, and, where no news can travel
// (two instances without Redis), within a second on the other.

let a: TestApp;
let b: TestApp;
let ana: TestUser;

beforeAll(async () => {
  // No Redis for either: nothing carries a revocation from one instance to the other.
  a = await createTestApp({ env: { REDIS_URL: '' } });
  b = await createTestApp({ instanceOf: a });
  ana = await createUser(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const getSession = (app: TestApp, cookie?: string) => call(app, '/api/auth/get-session', { cookie });

describe('the session check', () => {
  it('answers get-session the same whether Better Auth or the cache answers, without the token', async () => {
    const { cookie } = await signIn(a, ana.email, ana.password);
    const first = await getSession(a, cookie);
    const second = await getSession(a, cookie);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ user: { id: ana.id, email: ana.email, name: ana.name } });
    expect(JSON.stringify(second.body)).not.toMatch(/"token"/);
    for (const answer of [first, second]) {
      expect(answer.response.headers.get('cache-control')).toBe('no-store');
      expect(answer.response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('answers null to a visitor and to a cookie not signed with our secret, and lets neither in', async () => {
    expect((await getSession(a)).body).toBeNull();
    const forged = `liner.session_token=${encodeURIComponent(`stolen.${'A'.repeat(43)}=`)}`;
    expect((await getSession(a, forged)).body).toBeNull();
    expect((await call(a, '/api/users/me/profile', { cookie: forged })).status).toBe(401);
  });

  it('ends a signed-out session at once on the instance that signed it out', async () => {
    const { cookie } = await signIn(a, ana.email, ana.password);
    expect((await call(a, '/api/users/me/profile', { cookie })).status).toBe(200);
    expect((await call(a, '/api/auth/sign-out', { body: {}, cookie })).status).toBe(200);
    expect((await call(a, '/api/users/me/profile', { cookie })).status).toBe(401);
    expect((await getSession(a, cookie)).body).toBeNull();
  });

  it('shows a new display name in the session at once', async () => {
    const bo = await createUser(a);
    expect((await getSession(a, bo.cookie)).body).toMatchObject({ user: { name: bo.name } });
    const name = `${bo.name}_2`;
    const renamed = await call(a, '/api/users/me/profile', {
      method: 'PUT',
      body: { displayName: name },
      cookie: bo.cookie,
    });
    expect(renamed.status).toBe(200);
    expect((await getSession(a, bo.cookie)).body).toMatchObject({ user: { name } });
  });

  it('refuses, within a second, on another instance a session signed out where no news reaches it', async () => {
    const { cookie } = await signIn(a, ana.email, ana.password);
    // The other instance has just let this session in, so it holds it.
    expect((await call(b, '/api/users/me/profile', { cookie })).status).toBe(200);
    expect((await call(a, '/api/auth/sign-out', { body: {}, cookie })).status).toBe(200);
    // Asked a second after the sign-out (whatever the machine's load makes of the answer's time):
    // the other instance's copy, kept before the sign-out, has lapsed by then.
    const signedOutAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, signedOutAt + 1000 - Date.now())));
    expect((await call(b, '/api/users/me/profile', { cookie })).status).toBe(401);
  });
});
