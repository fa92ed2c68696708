import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, cookieFrom, createUser, nextIp, signIn } from '../test/users.ts';

/**
 * Linking a Google identity to an existing account by e-mail address, against a local OpenID
 * Connect issuer. A Google sign-in may join an account only when both sides proved the address:
 * otherwise whoever registered an address first (without owning it) would share the owner's
 * account, or a Google identity with an unproven address would walk into someone else's.
 */
let idp: OAuth2Server;
let t: TestApp;
let identity = { sub: 'g-0', email: 'nobody@gmail.test', name: 'Nobody', email_verified: true };

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...identity, aud: 'liner-test-client' });
  });
  idp.service.on('beforeUserinfo', (response) => {
    response.body = { ...identity };
  });
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'liner-test-client',
      GOOGLE_CLIENT_SECRET: 'liner-test-secret',
      GOOGLE_ISSUER: idp.issuer.url ?? '',
      ADMIN_EMAILS: 'newcomer@gmail.test,boss@gmail.test',
    },
  });
});

afterAll(async () => {
  await t.close();
  await idp.stop();
});

async function signInWithGoogle(): Promise<{ cookie: string; landedOn: string }> {
  const ip = nextIp();
  const start = await call(t, '/api/auth/sign-in/social', {
    body: { provider: 'google', callbackURL: '/', newUserCallbackURL: '/profile-setup', errorCallbackURL: '/login' },
    ip,
  });
  const authorize = await fetch(start.body.url, { redirect: 'manual' });
  const done = await fetch(authorize.headers.get('location') ?? '', {
    redirect: 'manual',
    headers: { cookie: cookieFrom(start.response), 'x-forwarded-for': ip },
  });
  return { cookie: cookieFrom(done), landedOn: done.headers.get('location') ?? '' };
}

async function accountsOf(email: string) {
  const db = t.database.handle.db;
  const user = await db.selectFrom('user').select(['id']).where('email', '=', email).executeTakeFirst();
  if (!user) return [];
  return db.selectFrom('account').select('providerId').where('userId', '=', user.id).execute();
}

describe('Google account linking', () => {
  it('joins a verified password account: the same account, the password still works', async () => {
    const owner = await createUser(t, { email: 'owner@gmail.test' });
    const mail = t.mail.filter((m) => m.to === 'owner@gmail.test').at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S+/)?.[0] ?? '';
    await call(t, link.slice(link.indexOf('/api/')));
    identity = { sub: 'g-owner', email: 'owner@gmail.test', name: 'Owner', email_verified: true };
    const google = await signInWithGoogle();
    expect((await call(t, '/api/users/me/profile', { cookie: google.cookie })).body.userId).toBe(owner.id);
    expect((await accountsOf('owner@gmail.test')).map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
    expect((await signIn(t, owner.email, owner.password)).status).toBe(200);
  });

  it('does not join an account whose address was never verified (a squatter registered it first)', async () => {
    const squatter = await createUser(t, { email: 'victim@gmail.test' });
    identity = { sub: 'g-victim', email: 'victim@gmail.test', name: 'Victim', email_verified: true };
    const google = await signInWithGoogle();
    expect(google.cookie).not.toMatch(/session_token/);
    expect(google.landedOn).toMatch(/error=account_not_linked/);
    expect((await accountsOf('victim@gmail.test')).map((a) => a.providerId)).toEqual(['credential']);
    // The squatter's session grants nothing of the Google owner's: no Google account was attached.
    expect((await call(t, '/api/users/me/profile', { cookie: squatter.cookie })).body.email).toBe('victim@gmail.test');
  });

  it('does not join any account from a Google identity whose address Google has not verified', async () => {
    const owner = await createUser(t, { email: 'careful@gmail.test' });
    const mail = t.mail.filter((m) => m.to === 'careful@gmail.test').at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S+/)?.[0] ?? '';
    await call(t, link.slice(link.indexOf('/api/')));
    identity = { sub: 'g-intruder', email: 'careful@gmail.test', name: 'Intruder', email_verified: false };
    const google = await signInWithGoogle();
    expect(google.cookie).not.toMatch(/session_token/);
    expect((await accountsOf(owner.email)).map((a) => a.providerId)).toEqual(['credential']);
  });

  it('makes a listed Google address admin only when Google verified it', async () => {
    identity = { sub: 'g-new', email: 'newcomer@gmail.test', name: 'Newcomer', email_verified: false };
    const unverified = await signInWithGoogle();
    expect((await call(t, '/api/users/me/profile', { cookie: unverified.cookie })).body.role).toBe('user');
    identity = { sub: 'g-boss', email: 'boss@gmail.test', name: 'Boss', email_verified: true };
    const verified = await signInWithGoogle();
    expect((await call(t, '/api/users/me/profile', { cookie: verified.cookie })).body.role).toBe('admin');
  });
});
