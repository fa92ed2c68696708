import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  // The concurrency test sends about 50 follows per user at once: more than the per-user write
  // limit allows in a minute, which has its own tests (security/).
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => t.close());

const follow = (who: TestUser, target: string) =>
  call(t, `/api/users/${target}/follow`, { method: 'POST', body: {}, cookie: who.cookie, ip: who.ip });
const unfollow = (who: TestUser, target: string) =>
  call(t, `/api/users/${target}/follow`, { method: 'DELETE', cookie: who.cookie, ip: who.ip });

async function counts(userId: string) {
  return t.database.handle.db
    .selectFrom('profiles')
    .select(['follower_count', 'following_count'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function rowCounts(userId: string) {
  const db = t.database.handle.db;
  const followers = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('following_id', '=', userId)
    .executeTakeFirstOrThrow();
  const following = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('follower_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { follower_count: Number(followers.n), following_count: Number(following.n) };
}

describe('follows', () => {
  it('follows and unfollows, moving both counts, and records the activity', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const res = await follow(ana, bo.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ following: true, requested: false, followerCount: 1, followingCount: 0 });
    expect(await counts(ana.id)).toEqual({ follower_count: 0, following_count: 1 });
    const status = await call(t, `/api/users/${bo.id}/follow`, { cookie: ana.cookie });
    expect(status.body.following).toBe(true);
    const activity = await t.database.handle.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', ana.id)
      .where('action', '=', 'followed_user')
      .executeTakeFirstOrThrow();
    expect(activity.target_id).toBe(bo.id);
    expect(JSON.parse(activity.data)).toMatchObject({ followedUserDisplayName: bo.name });

    const off = await unfollow(ana, bo.id);
    expect(off.body).toEqual({ following: false, requested: false, followerCount: 0, followingCount: 0 });
    expect(await counts(ana.id)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it("refuses to follow oneself with 'Users cannot follow themselves'", async () => {
    const ana = await createUser(t);
    const res = await follow(ana, ana.id);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Users cannot follow themselves');
    expect(await counts(ana.id)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it("refuses a second follow with 'Already following this user' and counts once", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await follow(ana, bo.id);
    const again = await follow(ana, bo.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Already following this user');
    expect(await counts(bo.id)).toEqual({ follower_count: 1, following_count: 0 });
  });

  it('never drops a count below zero: unfollowing someone not followed changes nothing', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const res = await unfollow(ana, bo.id);
    expect(res.status).toBe(409);
    expect(await counts(bo.id)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('needs a signed-in user, with the spec messages', async () => {
    const bo = await createUser(t);
    const res = await call(t, `/api/users/${bo.id}/follow`, { method: 'POST', body: {} });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('User must be logged in to follow others');
    const off = await call(t, `/api/users/${bo.id}/follow`, { method: 'DELETE' });
    expect(off.body.error.message).toBe('User must be logged in to unfollow others');
    // A visitor may still read the counts.
    expect((await call(t, `/api/users/${bo.id}/follow`)).body).toEqual({
      following: false,
      requested: false,
      followerCount: 0,
      followingCount: 0,
    });
  });

  it('answers 404 for an unknown user', async () => {
    const ana = await createUser(t);
    expect((await follow(ana, 'no-such-user')).status).toBe(404);
  });

  it('keeps counts equal to the rows under 500 concurrent follow/unfollow calls from 10 users', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const calls = Array.from({ length: 500 }, () => {
      const from = users[Math.floor(random() * users.length)] as TestUser;
      const to = users[Math.floor(random() * users.length)] as TestUser;
      return random() < 0.6 ? follow(from, to.id) : unfollow(from, to.id);
    });
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 400, 409]).toContain(r.status);
    for (const user of users) expect(await counts(user.id)).toEqual(await rowCounts(user.id));
  }, 60_000);
});

describe('lists of followers and following', () => {
  it('lists followers and followed people newest first, page by page, with names and pictures', async () => {
    const star = await createUser(t);
    const fans = [await createUser(t), await createUser(t), await createUser(t)];
    for (const fan of fans) {
      expect((await follow(fan, star.id)).status).toBe(200);
      // Distinct follow times, so newest-first is observable.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = await call(t, `/api/users/${star.id}/followers`);
    expect(all.status).toBe(200);
    expect(all.body.people.map((p: { userId: string }) => p.userId)).toEqual(fans.map((f) => f.id).reverse());
    expect(all.body.people[0]).toEqual({ userId: fans[2]?.id, displayName: fans[2]?.name, pictureUrl: null });
    expect(all.body.nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await call(t, `/api/users/${star.id}/followers${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.people.map((p: { userId: string }) => p.userId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(fans.map((f) => f.id).reverse());

    const following = await call(t, `/api/users/${fans[0]?.id}/following`);
    expect(following.body.people).toEqual([{ userId: star.id, displayName: star.name, pictureUrl: null }]);
    expect((await call(t, `/api/users/${star.id}/following`)).body).toEqual({ people: [], nextCursor: null });
  });

  it('drops someone from the list when they unfollow, and answers 404 and 400 for bad input', async () => {
    const star = await createUser(t);
    const fan = await createUser(t);
    await follow(fan, star.id);
    await unfollow(fan, star.id);
    expect((await call(t, `/api/users/${star.id}/followers`)).body.people).toEqual([]);
    const missing = await call(t, '/api/users/no-such-user/followers');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('USER_NOT_FOUND');
    expect((await call(t, `/api/users/${star.id}/following?cursor=not-ours`)).status).toBe(400);
    expect((await call(t, `/api/users/${star.id}/following?limit=51`)).status).toBe(400);
  });
});
