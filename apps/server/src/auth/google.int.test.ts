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
    expect((await call(t, '/api/config')).body).toEqual({
      googleSignIn: true,
      chartMinListeners: 3,
      federation: false,
    });
    const plain = await createTestApp();
    try {
      expect((await call(plain, '/api/config')).body).toEqual({
        googleSignIn: false,
        chartMinListeners: 3,
        federation: false,
      });
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

describe('Google sign-in where registration is limited (ADR 30)', () => {
  const setMode = async (mode: string) => {
    const at = new Date().toISOString();
    await t.database.handle.db
      .insertInto('instance_settings')
      .values({ key: 'registration', value: mode, updated_at: at, updated_by: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode, updated_at: at }))
      .execute();
  };

  it('makes no new account while registration is closed or by invitation, and still lets members in', async () => {
    try {
      for (const mode of ['closed', 'invite']) {
        await setMode(mode);
        nextIdentity = { sub: `g-new-${mode}`, email: `new.${mode}@gmail.test`, name: 'Newcomer' };
        const { cookie, landedOn } = await signInWithGoogle();
        expect(landedOn, mode).toContain('error=');
        expect((await call(t, '/api/users/me/profile', { cookie })).status).toBe(401);
        const made = await t.database.handle.db
          .selectFrom('user')
          .select('id')
          .where('email', '=', `new.${mode}@gmail.test`)
          .execute();
        expect(made, mode).toEqual([]);

        nextIdentity = { sub: 'g-1', email: 'gina@gmail.test', name: 'Gina Google' };
        const member = await signInWithGoogle();
        expect((await call(t, '/api/users/me/profile', { cookie: member.cookie })).status, mode).toBe(200);
      }
    } finally {
      await setMode('open');
    }
  });

  it('sends a suspended member back to the log-in page with the reason, and no session', async () => {
    const db = t.database.handle.db;
    const suspend = (at: string | null) =>
      db.updateTable('user').set({ suspendedAt: at }).where('email', '=', 'gina@gmail.test').execute();
    const gina = await db.selectFrom('user').select('id').where('email', '=', 'gina@gmail.test').executeTakeFirst();
    const sessions = async () =>
      (
        await db
          .selectFrom('session')
          .select('id')
          .where('userId', '=', gina?.id ?? '')
          .execute()
      ).map((row) => row.id);
    // Set beside the admin route (which also ends sessions): the sign-in itself must refuse.
    await suspend(new Date().toISOString());
    try {
      const before = await sessions();
      nextIdentity = { sub: 'g-1', email: 'gina@gmail.test', name: 'Gina Google' };
      const { cookie, landedOn } = await signInWithGoogle();
      expect(landedOn).toBe(`${t.baseUrl}/login?error=ACCOUNT_SUSPENDED`);
      expect((await call(t, '/api/users/me/profile', { cookie })).status).toBe(401);
      expect(await sessions()).toEqual(before);
    } finally {
      await suspend(null);
    }
  });
});
