import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, cookieFrom, nextIp } from '../test/users.ts';

/**
 * The real OpenID Connect flow against a local issuer: the same code path as Google, with only
 * GOOGLE_ISSUER pointing elsewhere.
 */
let idp: OAuth2Server;
let t: TestApp;
let nextIdentity = { sub: 'g-1', email: 'gina@gmail.test', name: 'Gina Google' };

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...nextIdentity, email_verified: true, aud: 'liner-test-client' });
  });
  idp.service.on('beforeUserinfo', (response) => {
    response.body = { ...nextIdentity, email_verified: true };
  });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'liner-test-client',
      GOOGLE_CLIENT_SECRET: 'liner-test-secret',
      GOOGLE_ISSUER: idp.issuer.url ?? '',
    },
  });
});

afterAll(async () => {
  await t.close();
  await idp.stop();
});

/** Walks the browser's part of the flow: start, the provider's redirect, our callback. */
async function signInWithGoogle(): Promise<{ cookie: string; landedOn: string | null }> {
  const ip = nextIp();
  const start = await call(t, '/api/auth/sign-in/social', {
    body: { provider: 'google', callbackURL: '/', newUserCallbackURL: '/profile-setup' },
    ip,
  });
  expect(start.status).toBe(200);
  const stateCookie = cookieFrom(start.response);
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = authorize.headers.get('location') ?? '';
  expect(
    callback.startsWith(`${t.baseUrl}/api/auth/oauth2/callback/google`) || callback.includes('/callback/google'),
  ).toBe(true);
  const done = await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie, 'x-forwarded-for': ip } });
  expect(done.status).toBe(302);
  return { cookie: cookieFrom(done), landedOn: done.headers.get('location') };
}

describe('Google sign-in', () => {
  it('is advertised to the web app only when configured', async () => {
    expect((await call(t, '/api/config')).body).toEqual({ googleSignIn: true });
    const plain = await createTestApp();
    try {
      expect((await call(plain, '/api/config')).body).toEqual({ googleSignIn: false });
    } finally {
      await plain.close();
    }
  });

  it('creates an account with a profile on first sign-in and sends the user to setup', async () => {
    nextIdentity = { sub: 'g-1', email: 'gina@gmail.test', name: 'Gina Google' };
    const { cookie, landedOn } = await signInWithGoogle();
    expect(landedOn).toContain('/profile-setup');
    const me = await call(t, '/api/users/me/profile', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'gina@gmail.test', displayName: 'Gina Google', setupComplete: false });
  });

  it('signs the same person in again without a second account', async () => {
    nextIdentity = { sub: 'g-1', email: 'gina@gmail.test', name: 'Gina Google' };
    const { cookie, landedOn } = await signInWithGoogle();
    expect(landedOn).toMatch(/\/$/);
    const me = await call(t, '/api/users/me/profile', { cookie });
    expect(me.body.displayName).toBe('Gina Google');
    const users = await t.database.handle.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'gina@gmail.test')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('gives a newcomer whose Google name is taken a free variant of it', async () => {
    nextIdentity = { sub: 'g-2', email: 'other.gina@gmail.test', name: 'Gina Google' };
    const { cookie } = await signInWithGoogle();
    const me = await call(t, '/api/users/me/profile', { cookie });
    expect(me.body.displayName).toBe('Gina Google2');
  });
});
