import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, cookieFrom, createUser, signIn, type TestUser } from '../../test/users.ts';

let t: TestApp;
const ALBUM = 'miles-davis-kind-of-blue';
let track = '';

beforeAll(async () => {
  t = await createTestApp();
  track = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks[0].id;
});
afterAll(async () => t.close());

const follow = (a: TestUser, b: TestUser) =>
  call(t, `/api/users/${b.id}/follow`, { method: 'POST', body: {}, cookie: a.cookie });

describe('settings: account actions', () => {
  it('changes the password and signs out every other session at once', async () => {
    const ana = await createUser(t);
    const other = await signIn(t, ana.email, ana.password);
    const res = await call(t, '/api/auth/change-password', {
      body: { currentPassword: ana.password, newPassword: 'a-new-password' },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(200);
    // The changing session gets a fresh token; every session from before is gone.
    const current = cookieFrom(res.response);
    expect((await call(t, '/api/users/me/profile', { cookie: other.cookie })).status).toBe(401);
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(401);
    expect((await call(t, '/api/users/me/profile', { cookie: current })).status).toBe(200);
    const third = await signIn(t, ana.email, 'a-new-password');
    expect(third.status).toBe(200);
    const wrong = await call(t, '/api/auth/change-password', {
      body: { currentPassword: 'nope-nope', newPassword: 'x-new-password' },
      cookie: current,
    });
    expect(wrong.status).toBe(400);
    expect((await call(t, '/api/users/me/profile', { cookie: third.cookie })).status).toBe(200);
    expect((await call(t, '/api/auth/revoke-other-sessions', { body: {}, cookie: current })).status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: third.cookie })).status).toBe(401);
    expect((await call(t, '/api/users/me/profile', { cookie: current })).status).toBe(200);
  });

  it('changes the e-mail address once the link sent to the new one is opened', async () => {
    const ana = await createUser(t);
    const newEmail = `new.${ana.email}`;
    const res = await call(t, '/api/auth/change-email', {
      body: { newEmail, password: ana.password },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).body.email).toBe(ana.email);
    const link = t.mail
      .filter((m) => m.to === newEmail)
      .at(-1)
      ?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S+/)?.[0];
    expect(link).toBeDefined();
    await call(t, (link ?? '').slice((link ?? '').indexOf('/api/')), { cookie: ana.cookie });
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).body.email).toBe(newEmail);
    expect((await signIn(t, newEmail, ana.password)).status).toBe(200);
  });

  it('exports everything the user owns as a JSON download', async () => {
    const ana = await createUser(t);
    await call(t, '/api/posts', { body: { title: 'Mine', content: 'All mine' }, cookie: ana.cookie });
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 8 },
      cookie: ana.cookie,
    });
    const res = await call(t, '/api/users/me/export', { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-disposition')).toMatch(/attachment; filename="liner-data-/);
    expect(res.body.user.email).toBe(ana.email);
    expect(res.body.posts.map((p: { title: string }) => p.title)).toEqual(['Mine']);
    expect(res.body.trackRatings).toEqual([expect.objectContaining({ track_id: track, rating: 8 })]);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await call(t, '/api/users/me/export')).status).toBe(401);
  });
});

describe('deleting an account', () => {
  it('needs the right password and deletes nothing otherwise', async () => {
    const ana = await createUser(t);
    expect((await call(t, '/api/users/me', { method: 'DELETE', body: {}, cookie: ana.cookie })).status).toBe(400);
    const wrong = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: 'wrong-one' },
      cookie: ana.cookie,
    });
    expect(wrong.status).toBe(403);
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(200);
  });

  it('removes the account and all it owns, keeping counts of others right, with no orphan rows', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const cy = await createUser(t);
    await follow(ana, bo);
    await follow(cy, ana);
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 10 },
      cookie: ana.cookie,
    });
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 4 },
      cookie: bo.cookie,
    });
    await call(t, '/api/users/me/collection', { body: { albumId: ALBUM, review: 'Bye' }, cookie: ana.cookie });
    await call(t, '/api/users/me/ratelater', { body: { albumId: 'radiohead-ok-computer' }, cookie: ana.cookie });

    const res = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: ana.password },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(204);
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(401);
    expect((await signIn(t, ana.email, ana.password)).status).toBe(401);

    const db = t.database.handle.db;
    const bo2 = await db.selectFrom('profiles').selectAll().where('user_id', '=', bo.id).executeTakeFirstOrThrow();
    const cy2 = await db.selectFrom('profiles').selectAll().where('user_id', '=', cy.id).executeTakeFirstOrThrow();
    expect(bo2.follower_count).toBe(0);
    expect(cy2.following_count).toBe(0);
    for (const table of [
      'profiles',
      'posts',
      'track_ratings',
      'album_ratings',
      'collection_entries',
      'rate_later',
      'activities',
      'session',
    ] as const) {
      const column = table === 'session' ? 'userId' : 'user_id';
      const rows = await db
        .selectFrom(table as 'profiles')
        .selectAll()
        .where(column as 'user_id', '=', ana.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const follows = await db
      .selectFrom('follows')
      .selectAll()
      .where((eb) => eb.or([eb('follower_id', '=', ana.id), eb('following_id', '=', ana.id)]))
      .execute();
    expect(follows).toEqual([]);
    // The community totals keep only Bo's rating of that song.
    const stats = await db
      .selectFrom('track_stats')
      .selectAll()
      .where('track_id', '=', track)
      .executeTakeFirstOrThrow();
    const rows = await db.selectFrom('track_ratings').select('rating').where('track_id', '=', track).execute();
    expect(stats.ratings_count).toBe(rows.length);
    expect(stats.ratings_sum).toBe(rows.reduce((a, r) => a + r.rating, 0));
  });
});
