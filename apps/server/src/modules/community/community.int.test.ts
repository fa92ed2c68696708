import {
  ACCOUNT_SUSPENDED,
  CANNOT_MODERATE_ADMIN,
  CANNOT_MODERATE_SELF,
  INVITE_ALREADY_USED,
  INVITE_INVALID,
  INVITE_REQUIRED,
  REGISTRATION_CLOSED,
  TOO_MANY_INVITES,
} from '@liner/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, cookieFrom, createUser, nextIp, signIn, type TestUser, verifyEmail } from '../../test/users.ts';

const ALBUM = 'miles-davis-kind-of-blue';
const PASSWORD = 'a long enough passphrase 42';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let track = '';

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com,second.admin@example.com' } });
  admin = await createUser(t, { email: 'admin@example.com' });
  await verifyEmail(t, admin);
  otherAdmin = await createUser(t, { email: 'second.admin@example.com' });
  await verifyEmail(t, otherAdmin);
  track = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks[0].id;
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (path: string, options: { method?: string; body?: unknown } = {}) =>
  call(t, path, { ...options, cookie: admin.cookie, ip: admin.ip });

const setMode = async (mode: string) => {
  const res = await asAdmin('/api/admin/registration', { method: 'PUT', body: { mode } });
  expect(res.status).toBe(200);
  return res.body;
};

const signUp = (body: Record<string, unknown>) =>
  call(t, '/api/auth/sign-up/email', {
    body: { name: `n_${Math.random().toString(36).slice(2, 10)}`, password: PASSWORD, ...body },
    ip: nextIp(),
  });

const accountExists = async (email: string) =>
  (await t.database.handle.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()) !==
  undefined;

const newInvite = async (body: unknown = {}) => {
  const res = await asAdmin('/api/admin/invites', { body });
  expect(res.status).toBe(201);
  return res.body as { code: string; url: string; expiresAt: string };
};

describe('registration modes', () => {
  afterEach(async () => {
    await setMode('open');
  });

  it('starts open, as REGISTRATION says, and tells the sign-up page', async () => {
    expect((await call(t, '/api/registration')).body).toEqual({ mode: 'open' });
    const settings = (await asAdmin('/api/admin/registration')).body;
    expect(settings).toMatchObject({ mode: 'open', configuredMode: 'open', changedAt: null });
  });

  it('closed: refuses every new account with the message and creates nothing, but ADMIN_EMAILS may still join', async () => {
    const settings = await setMode('closed');
    expect(settings.mode).toBe('closed');
    expect(settings.changedAt).toEqual(expect.any(String));
    expect((await call(t, '/api/registration')).body).toEqual({ mode: 'closed' });

    const refused = await signUp({ email: 'closed.out@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REGISTRATION_CLOSED);
    expect(refused.response.headers.getSetCookie()).toEqual([]);
    expect(await accountExists('closed.out@example.com')).toBe(false);
    // Even with an invitation: closed means closed.
    const invite = await newInvite();
    expect((await signUp({ email: 'closed.out@example.com', inviteCode: invite.code })).status).toBe(403);

    // The host's own address can still set the site up.
    const t2 = await createTestApp({ instanceOf: t, env: { ADMIN_EMAILS: 'host@example.com' } });
    try {
      const host = await call(t2, '/api/auth/sign-up/email', {
        body: { name: 'site_host', email: 'host@example.com', password: PASSWORD },
        ip: nextIp(),
      });
      expect(host.status).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('invite: needs a code, takes each code once, and shows who used it', async () => {
    await setMode('invite');
    const missing = await signUp({ email: 'no.code@example.com' });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe(INVITE_REQUIRED);
    const bogus = await signUp({ email: 'no.code@example.com', inviteCode: 'not-a-real-code' });
    expect(bogus.status).toBe(403);
    expect(bogus.body.message).toBe(INVITE_INVALID);
    expect(await accountExists('no.code@example.com')).toBe(false);

    const invite = await newInvite();
    expect(new URL(invite.url).pathname).toBe('/create-account');
    expect(new URL(invite.url).searchParams.get('invite')).toBe(invite.code);
    const joined = await signUp({ email: 'invited@example.com', inviteCode: invite.code });
    expect(joined.status).toBe(200);
    // The new member is signed in like any other.
    const me = await call(t, '/api/users/me/profile', { cookie: cookieFrom(joined.response) });
    expect(me.status).toBe(200);

    const again = await signUp({ email: 'second.try@example.com', inviteCode: invite.code });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(INVITE_INVALID);

    const listed = (await asAdmin('/api/admin/registration')).body.invites.find(
      (i: { code: string }) => i.code === invite.code,
    );
    expect(listed.usedBy).toEqual({ id: joined.body.user.id, displayName: expect.any(String) });
    expect(listed.usedAt).toEqual(expect.any(String));
    const withdraw = await asAdmin(`/api/admin/invites/${invite.code}`, { method: 'DELETE' });
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.error.message).toBe(INVITE_ALREADY_USED);
  });

  it('invite: a sign-up that fails for another reason leaves the code usable', async () => {
    await setMode('invite');
    const invite = await newInvite();
    // The address is taken: Better Auth refuses after the code was held.
    const taken = await signUp({ email: admin.email, inviteCode: invite.code });
    expect(taken.status).toBeGreaterThanOrEqual(400);
    expect(taken.status).toBeLessThan(500);
    // A weak password is refused before the code is held.
    const weak = await signUp({ email: 'weak@example.com', password: 'password', inviteCode: invite.code });
    expect(weak.status).toBe(400);
    const joined = await signUp({ email: 'after.failure@example.com', inviteCode: invite.code });
    expect(joined.status).toBe(200);
  });

  it('invite: ten sign-ups racing for one code make exactly one account', async () => {
    await setMode('invite');
    const invite = await newInvite();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp({ email: `racer${i}@example.com`, inviteCode: invite.code })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results) expect([200, 403]).toContain(r.status);
    const made = await t.database.handle.db
      .selectFrom('user')
      .select('id')
      .where('email', 'like', 'racer%@example.com')
      .execute();
    expect(made).toHaveLength(1);
  });

  it('an expired or withdrawn invitation lets nobody in', async () => {
    await setMode('invite');
    const withdrawn = await newInvite();
    expect((await asAdmin(`/api/admin/invites/${withdrawn.code}`, { method: 'DELETE' })).status).toBe(204);
    expect((await asAdmin(`/api/admin/invites/${withdrawn.code}`, { method: 'DELETE' })).status).toBe(404);
    expect((await signUp({ email: 'withdrawn@example.com', inviteCode: withdrawn.code })).status).toBe(403);

    const expired = await newInvite({ expiresInDays: 1 });
    await t.database.handle.db
      .updateTable('invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', expired.code)
      .execute();
    const res = await signUp({ email: 'expired@example.com', inviteCode: expired.code });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(INVITE_INVALID);
  });

  it("applies an admin's change on every instance at once", async () => {
    const t2 = await createTestApp({ instanceOf: t });
    try {
      await setMode('closed');
      expect((await call(t2, '/api/registration')).body).toEqual({ mode: 'closed' });
      const res = await call(t2, '/api/auth/sign-up/email', {
        body: { name: 'elsewhere', email: 'elsewhere@example.com', password: PASSWORD },
        ip: nextIp(),
      });
      expect(res.status).toBe(403);
      await setMode('open');
      const open = await call(t2, '/api/auth/sign-up/email', {
        body: { name: 'elsewhere', email: 'elsewhere@example.com', password: PASSWORD },
        ip: nextIp(),
      });
      expect(open.status).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('follows REGISTRATION from the environment until an admin chooses', async () => {
    const t2 = await createTestApp({ env: { REGISTRATION: 'closed' } });
    try {
      expect((await call(t2, '/api/registration')).body).toEqual({ mode: 'closed' });
      const res = await call(t2, '/api/auth/sign-up/email', {
        body: { name: 'env_closed', email: 'env.closed@example.com', password: PASSWORD },
        ip: nextIp(),
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(REGISTRATION_CLOSED);
    } finally {
      await t2.close();
    }
  });

  it('refuses a bad mode or validity with 400 and changes nothing', async () => {
    for (const body of [{ mode: 'sometimes' }, { mode: '' }, {}, { mode: ['open'] }]) {
      const res = await asAdmin('/api/admin/registration', { method: 'PUT', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ expiresInDays: 0 }, { expiresInDays: 31 }, { expiresInDays: 1.5 }, { expiresInDays: '7' }]) {
      const res = await asAdmin('/api/admin/invites', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t, '/api/registration')).body).toEqual({ mode: 'open' });
  });

  it('keeps at most 100 unused invitations', async () => {
    const db = t.database.handle.db;
    const open = Number(
      (
        await db
          .selectFrom('invites')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('used_by', 'is', null)
          .where('expires_at', '>', new Date().toISOString())
          .executeTakeFirstOrThrow()
      ).n,
    );
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await db
      .insertInto('invites')
      .values(
        Array.from({ length: 100 - open }, (_, i) => ({
          code: `bulk-${i}`,
          created_by: admin.id,
          created_at: now,
          expires_at: later,
          used_at: null,
          used_by: null,
        })),
      )
      .execute();
    const res = await asAdmin('/api/admin/invites', { body: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(TOO_MANY_INVITES);
    await db.deleteFrom('invites').where('code', 'like', 'bulk-%').execute();
  });
});

describe('members', () => {
  it('lists sign-ups newest first with totals, searches names and addresses, and pages', async () => {
    const fresh = await createUser(t, { name: 'zz_findable', email: 'percent@example.com' });
    const page = (await asAdmin('/api/admin/members')).body;
    expect(page.members[0]).toMatchObject({
      id: fresh.id,
      displayName: 'zz_findable',
      email: 'percent@example.com',
      emailVerified: false,
      role: 'user',
      suspendedAt: null,
      postCount: 0,
      ratingCount: 0,
    });
    expect(page.totals.members).toBeGreaterThanOrEqual(page.members.length);
    expect(page.totals.joinedLast7Days).toBe(page.totals.members);

    const byName = (await asAdmin('/api/admin/members?q=ZZ_FIND')).body.members;
    expect(byName.map((m: { id: string }) => m.id)).toEqual([fresh.id]);
    const byAddress = (await asAdmin('/api/admin/members?q=percent%40')).body.members;
    expect(byAddress.map((m: { id: string }) => m.id)).toEqual([fresh.id]);
    // % is a character, not a wildcard.
    expect((await asAdmin('/api/admin/members?q=%25%25')).body.members).toEqual([]);
    const byEmail = (await asAdmin('/api/admin/members?q=admin%40example')).body.members;
    expect(byEmail.map((m: { email: string }) => m.email)).toContain('admin@example.com');

    // Every member once, across pages.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { members: { id: string }[]; nextCursor: string | null } } = await asAdmin(
        `/api/admin/members${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...res.body.members.map((m) => m.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(page.totals.members);
    expect((await asAdmin('/api/admin/members?cursor=garbage')).status).toBe(400);
    expect((await asAdmin(`/api/admin/members?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('suspends: every session ends at once, sign-in is refused with the message, and lifting it restores both', async () => {
    const member = await createUser(t);
    const second = await signIn(t, member.email, member.password);
    expect(second.status).toBe(200);

    const res = await asAdmin(`/api/admin/members/${member.id}/suspension`, { method: 'PUT', body: {} });
    expect(res.status).toBe(200);
    expect(res.body.suspendedAt).toEqual(expect.any(String));
    for (const cookie of [member.cookie, second.cookie]) {
      expect((await call(t, '/api/users/me/profile', { cookie })).status).toBe(401);
      expect((await call(t, '/api/posts', { body: { title: 't', content: 'c' }, cookie })).status).toBe(401);
      expect((await call(t, '/api/auth/get-session', { cookie })).body).toBeNull();
    }
    const refused = await signIn(t, member.email, member.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_SUSPENDED);
    // No session was left behind by the refused sign-in.
    expect((await call(t, '/api/users/me/profile', { cookie: refused.cookie })).status).toBe(401);
    const sessions = await t.database.handle.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', member.id)
      .execute();
    expect(sessions).toEqual([]);
    // A wrong password still says only that.
    expect((await signIn(t, member.email, 'not the password')).status).toBe(401);

    const suspendedOnly = (await asAdmin('/api/admin/members?status=suspended')).body;
    expect(suspendedOnly.members.map((m: { id: string }) => m.id)).toContain(member.id);
    expect(suspendedOnly.totals.suspended).toBeGreaterThanOrEqual(1);

    const lifted = await asAdmin(`/api/admin/members/${member.id}/suspension`, { method: 'DELETE' });
    expect(lifted.status).toBe(200);
    expect(lifted.body.suspendedAt).toBeNull();
    const back = await signIn(t, member.email, member.password);
    expect(back.status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: back.cookie })).status).toBe(200);
  });

  it('refuses to act on yourself, on another admin, or on nobody', async () => {
    const self = await asAdmin(`/api/admin/members/${admin.id}/suspension`, { method: 'PUT', body: {} });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(CANNOT_MODERATE_SELF);
    for (const method of ['PUT', 'DELETE']) {
      const res = await asAdmin(`/api/admin/members/${otherAdmin.id}/suspension`, {
        method,
        body: method === 'PUT' ? {} : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(CANNOT_MODERATE_ADMIN);
    }
    const deleteAdmin = await asAdmin(`/api/admin/members/${otherAdmin.id}`, { method: 'DELETE' });
    expect(deleteAdmin.status).toBe(403);
    expect((await call(t, '/api/users/me/profile', { cookie: otherAdmin.cookie })).status).toBe(200);
    for (const [method, path] of [
      ['PUT', '/api/admin/members/nobody/suspension'],
      ['DELETE', '/api/admin/members/nobody/suspension'],
      ['DELETE', '/api/admin/members/nobody'],
    ] as const) {
      const res = await asAdmin(path, { method, body: method === 'PUT' ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('USER_NOT_FOUND');
    }
  });

  it('deletes an account with all it owns and repairs the counts of others', async () => {
    const gone = await createUser(t);
    const friend = await createUser(t);
    await call(t, `/api/users/${friend.id}/follow`, { body: {}, cookie: gone.cookie, ip: gone.ip });
    await call(t, `/api/users/${gone.id}/follow`, { body: {}, cookie: friend.cookie, ip: friend.ip });
    const before = (await call(t, `/api/albums/${ALBUM}/community`)).body;
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 9 },
      cookie: gone.cookie,
      ip: gone.ip,
    });
    await call(t, '/api/posts', { body: { title: 'soon gone', content: 'x' }, cookie: gone.cookie, ip: gone.ip });

    const res = await asAdmin(`/api/admin/members/${gone.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await call(t, '/api/users/me/profile', { cookie: gone.cookie })).status).toBe(401);
    expect((await signIn(t, gone.email, gone.password)).status).toBe(401);
    const friendProfile = await t.database.handle.db
      .selectFrom('profiles')
      .select(['follower_count', 'following_count'])
      .where('user_id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(friendProfile).toEqual({ follower_count: 0, following_count: 0 });
    // The community score is back where it was before their rating.
    const after = (await call(t, `/api/albums/${ALBUM}/community`)).body;
    expect(after.album).toEqual(before.album);
    expect(after.tracks[track]?.ratingsCount ?? 0).toBe(before.tracks[track]?.ratingsCount ?? 0);
    expect((await asAdmin(`/api/admin/members/${gone.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('moderating posts', () => {
  it("removes anyone's note: gone from their profile and from the activity log", async () => {
    const author = await createUser(t);
    const note = await call(t, '/api/posts', {
      body: { title: 'Spam spam', content: 'buy now' },
      cookie: author.cookie,
      ip: author.ip,
    });
    expect(note.status).toBe(201);
    const listed = (await asAdmin('/api/admin/posts?type=note')).body.posts;
    expect(listed[0]).toMatchObject({ id: note.body.id, userId: author.id, title: 'Spam spam' });

    const res = await asAdmin(`/api/admin/posts/${note.body.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    const theirs = (await call(t, `/api/users/${author.id}/posts`)).body.posts;
    expect(theirs.map((p: { id: string }) => p.id)).not.toContain(note.body.id);
    const activities = await t.database.handle.db
      .selectFrom('activities')
      .select('id')
      .where('target_id', '=', note.body.id)
      .execute();
    expect(activities).toEqual([]);
    const again = await asAdmin(`/api/admin/posts/${note.body.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('POST_NOT_FOUND');
  });

  it('removes a review and keeps the album in their collection, with its rating', async () => {
    const author = await createUser(t);
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 8 },
      cookie: author.cookie,
      ip: author.ip,
    });
    const added = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'Offensive words' },
      cookie: author.cookie,
      ip: author.ip,
    });
    expect(added.status).toBe(201);
    const review = (await asAdmin('/api/admin/posts?type=review')).body.posts.find(
      (p: { userId: string }) => p.userId === author.id,
    );
    expect(review.content).toBe('Offensive words');
    expect((await asAdmin(`/api/admin/posts/${review.id}`, { method: 'DELETE' })).status).toBe(204);

    const collection = (await call(t, '/api/users/me/collection', { cookie: author.cookie })).body;
    const entry = JSON.stringify(collection);
    expect(entry).toContain(ALBUM);
    expect(entry).not.toContain('Offensive words');
    expect((await call(t, `/api/albums/${ALBUM}/community`)).body.reviews ?? []).not.toContainEqual(
      expect.objectContaining({ id: review.id }),
    );
  });

  it('pages through everyone’s posts newest first and refuses a bad filter', async () => {
    const author = await createUser(t);
    for (let i = 0; i < 3; i++) {
      await call(t, '/api/posts', { body: { title: `p${i}`, content: 'c' }, cookie: author.cookie, ip: author.ip });
    }
    const first = (await asAdmin('/api/admin/posts')).body;
    const times = first.posts.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await asAdmin('/api/admin/posts?type=poem')).status).toBe(400);
    expect((await asAdmin('/api/admin/posts?cursor=%%%')).status).toBe(400);
  });
});
