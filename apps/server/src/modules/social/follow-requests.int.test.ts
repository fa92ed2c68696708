import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  // The rate-limit test sends more writes than the per-user write limit allows in a minute.
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => t.close());

const as = (who: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(t, path, { method, cookie: who.cookie, ip: who.ip, body: body ?? (method === 'POST' ? {} : undefined) });
const follow = (who: TestUser, target: TestUser) => as(who, `/api/users/${target.id}/follow`, 'POST');
const unfollow = (who: TestUser, target: TestUser) => as(who, `/api/users/${target.id}/follow`, 'DELETE');
const privacy = (who: TestUser, locked: boolean, defaultAudience = 'public') =>
  as(who, '/api/users/me/privacy', 'PUT', { locked, defaultAudience });
const requestsOf = async (who: TestUser) =>
  (await as(who, '/api/users/me/follow-requests')).body.people.map((p: { userId: string }) => p.userId);

async function counts(userId: string) {
  return t.database.handle.db
    .selectFrom('profiles')
    .select(['follower_count', 'following_count'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function kindsFor(user: TestUser) {
  const rows = await t.database.handle.db
    .selectFrom('notifications')
    .select(['kind', 'actor_id'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => `${row.kind}:${row.actor_id}`);
}

async function lockedUser(): Promise<TestUser> {
  const user = await createUser(t);
  const res = await privacy(user, true, 'followers');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ locked: true, defaultAudience: 'followers' });
  return user;
}

describe('privacy settings', () => {
  it('reads and saves a locked profile and the default audience, and refuses a bad body', async () => {
    const ana = await createUser(t);
    expect((await as(ana, '/api/users/me/profile')).body).toMatchObject({ locked: false, defaultAudience: 'public' });
    expect((await privacy(ana, true, 'private')).status).toBe(200);
    expect((await as(ana, '/api/users/me/profile')).body).toMatchObject({ locked: true, defaultAudience: 'private' });
    expect((await as(ana, '/api/users/me/privacy', 'PUT', { locked: true, defaultAudience: 'friends' })).status).toBe(
      400,
    );
    expect((await as(ana, '/api/users/me/privacy', 'PUT', { defaultAudience: 'public' })).status).toBe(400);
    const signedOut = await call(t, '/api/users/me/privacy', {
      method: 'PUT',
      body: { locked: true, defaultAudience: 'public' },
    });
    expect(signedOut.status).toBe(401);
  });

  it("shows a locked profile's head to a non-follower, with canSeeContent false", async () => {
    const ana = await lockedUser();
    const bo = await createUser(t);
    for (const viewer of [null, bo]) {
      const res = viewer ? await as(viewer, `/api/profiles/${ana.name}`) : await call(t, `/api/profiles/${ana.name}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        userId: ana.id,
        displayName: ana.name,
        bio: '',
        followerCount: 0,
        locked: true,
        canSeeContent: false,
        followRequested: false,
      });
    }
    expect((await as(ana, `/api/profiles/${ana.name}`)).body.canSeeContent).toBe(true);
  });
});

describe('follow requests', () => {
  it('turns a follow into a request the owner is told of, and withdraws it', async () => {
    const ana = await lockedUser();
    const bo = await createUser(t);
    const res = await follow(bo, ana);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ following: false, requested: true, followerCount: 0, followingCount: 0 });
    expect(await counts(ana.id)).toEqual({ follower_count: 0, following_count: 0 });
    expect(await kindsFor(ana)).toEqual([`follow_requested:${bo.id}`]);
    expect((await as(bo, `/api/profiles/${ana.name}`)).body).toMatchObject({ followRequested: true });
    // Asking twice is asking once.
    expect((await follow(bo, ana)).body.requested).toBe(true);
    expect(await requestsOf(ana)).toEqual([bo.id]);

    const bell = await as(ana, '/api/notifications');
    expect(bell.body.notifications[0]).toMatchObject({ kind: 'follow_requested', actor: { userId: bo.id } });

    const off = await unfollow(bo, ana);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ following: false, requested: false });
    expect(await requestsOf(ana)).toEqual([]);
    expect(await kindsFor(ana)).toEqual([]);
  });

  it('approves: the follow with both counts, the requester told, the request gone, the content readable', async () => {
    const ana = await lockedUser();
    const bo = await createUser(t);
    const cy = await createUser(t);
    await follow(bo, ana);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await follow(cy, ana);
    expect(await requestsOf(ana)).toEqual([bo.id, cy.id]);
    const page = await as(ana, '/api/users/me/follow-requests?limit=1');
    expect(page.body.people).toEqual([{ userId: bo.id, displayName: bo.name, pictureUrl: null }]);
    const next = await as(ana, `/api/users/me/follow-requests?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.people.map((p: { userId: string }) => p.userId)).toEqual([cy.id]);

    const approved = await as(ana, `/api/users/me/follow-requests/${bo.id}/approve`, 'POST');
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ userId: bo.id, outcome: 'approved' });
    expect(await counts(ana.id)).toEqual({ follower_count: 1, following_count: 0 });
    expect(await counts(bo.id)).toEqual({ follower_count: 0, following_count: 1 });
    expect((await as(bo, `/api/users/${ana.id}/follow`)).body).toMatchObject({ following: true, requested: false });
    expect(await kindsFor(bo)).toEqual([`follow_accepted:${ana.id}`]);
    expect(await kindsFor(ana)).toEqual([`follow_requested:${cy.id}`, `followed:${bo.id}`]);
    expect(await requestsOf(ana)).toEqual([cy.id]);
    expect((await as(bo, `/api/profiles/${ana.name}`)).body).toMatchObject({ canSeeContent: true });

    const again = await as(ana, `/api/users/me/follow-requests/${bo.id}/approve`, 'POST');
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Follow request not found');
  });

  it('declines quietly: nothing left, nobody told', async () => {
    const ana = await lockedUser();
    const bo = await createUser(t);
    await follow(bo, ana);
    const declined = await as(ana, `/api/users/me/follow-requests/${bo.id}/decline`, 'POST');
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({ userId: bo.id, outcome: 'declined' });
    expect(await requestsOf(ana)).toEqual([]);
    expect(await kindsFor(ana)).toEqual([]);
    expect(await kindsFor(bo)).toEqual([]);
    expect(await counts(ana.id)).toEqual({ follower_count: 0, following_count: 0 });
    expect((await as(bo, `/api/users/${ana.id}/follow`)).body).toMatchObject({ following: false, requested: false });
  });

  it("does not let anyone else approve or decline a member's requests", async () => {
    const ana = await lockedUser();
    const bo = await createUser(t);
    const mallory = await createUser(t);
    await follow(bo, ana);
    expect((await as(mallory, `/api/users/me/follow-requests/${bo.id}/approve`, 'POST')).status).toBe(404);
    expect((await as(mallory, `/api/users/me/follow-requests/${bo.id}/decline`, 'POST')).status).toBe(404);
    expect(await as(mallory, '/api/users/me/follow-requests').then((r) => r.body.people)).toEqual([]);
    expect(await requestsOf(ana)).toEqual([bo.id]);
    expect(await counts(ana.id)).toEqual({ follower_count: 0, following_count: 0 });
    for (const path of [
      '/api/users/me/follow-requests',
      `/api/users/me/follow-requests/${bo.id}/approve`,
      `/api/users/me/follow-requests/${bo.id}/decline`,
    ]) {
      const res = await call(t, path, path.endsWith('requests') ? {} : { method: 'POST', body: {} });
      expect(res.status).toBe(401);
    }
  });

  it('approves every waiting request when the profile is unlocked, with counts right', async () => {
    const ana = await lockedUser();
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (const fan of fans) expect((await follow(fan, ana)).body.requested).toBe(true);
    const res = await privacy(ana, false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ locked: false, followerCount: 5 });
    expect(await requestsOf(ana)).toEqual([]);
    expect(await counts(ana.id)).toEqual({ follower_count: 5, following_count: 0 });
    for (const fan of fans) {
      expect(await counts(fan.id)).toEqual({ follower_count: 0, following_count: 1 });
      expect(await kindsFor(fan)).toEqual([`follow_accepted:${ana.id}`]);
    }
    // Unlocked, a follow is a follow again.
    const late = await createUser(t);
    expect((await follow(late, ana)).body).toMatchObject({ following: true, requested: false });
  });

  it('keeps counts equal to rows when requests, approvals and an unlock race', async () => {
    const ana = await lockedUser();
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    await Promise.all(fans.slice(0, 4).map((fan) => follow(fan, ana)));
    const results = await Promise.all([
      ...fans.slice(4).map((fan) => follow(fan, ana)),
      ...fans.slice(0, 2).map((fan) => as(ana, `/api/users/me/follow-requests/${fan.id}/approve`, 'POST')),
      privacy(ana, false),
      ...fans.slice(2, 4).map((fan) => unfollow(fan, ana)),
    ]);
    for (const r of results) expect([200, 404, 409]).toContain(r.status);
    const followers = await t.database.handle.db
      .selectFrom('follows')
      .select('follower_id')
      .where('following_id', '=', ana.id)
      .execute();
    expect(await counts(ana.id)).toEqual({ follower_count: followers.length, following_count: 0 });
    for (const fan of fans) {
      const follows = followers.some((row) => row.follower_id === fan.id) ? 1 : 0;
      expect(await counts(fan.id)).toEqual({ follower_count: 0, following_count: follows });
    }
  });

  it('limits follow requests to 30 an hour per member (429 with Retry-After)', async () => {
    const ana = await lockedUser();
    const bo = await createUser(t);
    for (let i = 0; i < 30; i++) {
      expect((await follow(bo, ana)).body.requested).toBe(true);
      expect((await unfollow(bo, ana)).status).toBe(200);
    }
    const refused = await follow(bo, ana);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.response.headers.get('retry-after')).toBeTruthy();
    expect(await requestsOf(ana)).toEqual([]);
    // Following an unlocked profile is not a request and is not counted against it.
    expect((await follow(bo, await createUser(t))).status).toBe(200);
  });
});
