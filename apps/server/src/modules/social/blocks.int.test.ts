import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  // The race tests send many writes per user at once, beyond the per-user write limit (tested in security/).
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => t.close());

const as = (who: TestUser, path: string, method = 'GET') =>
  call(t, path, { method, cookie: who.cookie, ip: who.ip, ...(method === 'POST' ? { body: {} } : {}) });
const follow = (who: TestUser, target: TestUser) => as(who, `/api/users/${target.id}/follow`, 'POST');
const unfollow = (who: TestUser, target: TestUser) => as(who, `/api/users/${target.id}/follow`, 'DELETE');
const block = (who: TestUser, target: TestUser) => as(who, `/api/users/${target.id}/block`, 'PUT');
const unblock = (who: TestUser, target: TestUser) => as(who, `/api/users/${target.id}/block`, 'DELETE');

async function counts(userId: string) {
  return t.database.handle.db
    .selectFrom('profiles')
    .select(['follower_count', 'following_count'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function rowCounts(userId: string) {
  const db = t.database.handle.db;
  const count = async (column: 'follower_id' | 'following_id') =>
    Number(
      (
        await db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { follower_count: await count('following_id'), following_count: await count('follower_id') };
}

async function notificationsOf(user: TestUser) {
  return t.database.handle.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).execute();
}

describe('blocking', () => {
  it('removes follows both ways with the counts repaired, and the follow requests between them', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const cy = await createUser(t);
    expect((await follow(ana, bo)).status).toBe(200);
    expect((await follow(bo, ana)).status).toBe(200);
    expect((await follow(cy, ana)).status).toBe(200);

    const res = await block(ana, bo);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ blocked: true });
    for (const user of [ana, bo, cy]) expect(await counts(user.id)).toEqual(await rowCounts(user.id));
    expect(await counts(ana.id)).toEqual({ follower_count: 1, following_count: 0 });
    expect(await counts(bo.id)).toEqual({ follower_count: 0, following_count: 0 });
    // The blocked person's follow state simply reads not-following.
    expect((await as(bo, `/api/users/${ana.id}/follow`)).body).toMatchObject({ following: false, requested: false });
    const followedActivity = await t.database.handle.db
      .selectFrom('activities')
      .select('id')
      .where('action', '=', 'followed_user')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', ana.id), eb('target_id', '=', bo.id)]),
          eb.and([eb('user_id', '=', bo.id), eb('target_id', '=', ana.id)]),
        ]),
      )
      .execute();
    expect(followedActivity).toEqual([]);
  });

  it('is idempotent, refuses oneself and unknown people, and needs a signed-in member', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    expect((await block(ana, bo)).status).toBe(200);
    expect((await block(ana, bo)).status).toBe(200);
    const rows = await t.database.handle.db.selectFrom('blocks').selectAll().where('blocker_id', '=', ana.id).execute();
    expect(rows).toHaveLength(1);
    const self = await block(ana, ana);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot block yourself');
    const unknown = await as(ana, '/api/users/no-such-user/block', 'PUT');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('USER_NOT_FOUND');
    expect((await call(t, `/api/users/${bo.id}/block`, { method: 'PUT' })).status).toBe(401);
    expect((await call(t, '/api/users/me/blocks')).status).toBe(401);
  });

  it("refuses a follow either way with 'You cannot follow this person', also to a locked profile", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await block(ana, bo);
    for (const [who, target] of [
      [bo, ana],
      [ana, bo],
    ] as const) {
      const res = await follow(who, target);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('You cannot follow this person');
    }
    expect(
      (
        await call(t, '/api/users/me/privacy', {
          method: 'PUT',
          body: { locked: true, defaultAudience: 'public' },
          cookie: ana.cookie,
          ip: ana.ip,
        })
      ).status,
    ).toBe(200);
    const request = await follow(bo, ana);
    expect(request.status).toBe(403);
    expect(request.body.error.message).toBe('You cannot follow this person');
    expect(
      await t.database.handle.db.selectFrom('follow_requests').selectAll().where('target_id', '=', ana.id).execute(),
    ).toEqual([]);
  });

  it("shows the blocked member 'This profile is not available', while signed out it reads as usual", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await block(ana, bo);
    const seen = await as(bo, `/api/profiles/${ana.name}`);
    expect(seen.status).toBe(404);
    expect(seen.body.error).toEqual({ code: 'PROFILE_UNAVAILABLE', message: 'This profile is not available' });
    const anonymous = await call(t, `/api/profiles/${ana.name}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ userId: ana.id, blockedByMe: false, canSeeContent: true });
    // The blocker still sees the profile, marked, so they can unblock.
    const own = await as(ana, `/api/profiles/${bo.name}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ userId: bo.id, blockedByMe: true, canSeeContent: false });
  });

  it('leaves nothing in either bell, and tells the blocked person nothing', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await follow(bo, ana);
    await follow(ana, bo);
    expect(await notificationsOf(ana)).toHaveLength(1);
    await block(ana, bo);
    expect(await notificationsOf(ana)).toEqual([]);
    expect(await notificationsOf(bo)).toEqual([]);
    const bell = await as(bo, '/api/notifications');
    expect(bell.body.notifications).toEqual([]);
  });

  it('lists whom I blocked for Settings, and unblocking restores no follow', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const cy = await createUser(t);
    await follow(ana, bo);
    await block(ana, bo);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await block(ana, cy);
    const list = await as(ana, '/api/users/me/blocks');
    expect(list.status).toBe(200);
    expect(list.body.people.map((p: { userId: string }) => p.userId)).toEqual([cy.id, bo.id]);
    const first = await as(ana, '/api/users/me/blocks?limit=1');
    expect(first.body.people).toEqual([{ userId: cy.id, displayName: cy.name, pictureUrl: null }]);
    const second = await as(ana, `/api/users/me/blocks?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.people.map((p: { userId: string }) => p.userId)).toEqual([bo.id]);

    const off = await unblock(ana, bo);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ blocked: false });
    expect((await as(ana, `/api/users/${bo.id}/follow`)).body.following).toBe(false);
    expect((await as(bo, `/api/profiles/${ana.name}`)).status).toBe(200);
    expect((await follow(bo, ana)).status).toBe(200);
    expect((await as(ana, '/api/users/me/blocks')).body.people.map((p: { userId: string }) => p.userId)).toEqual([
      cy.id,
    ]);
  });

  it('keeps counts equal to the rows when blocks, unblocks, follows and unfollows race', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const calls = Array.from({ length: 300 }, () => {
      const from = users[Math.floor(random() * users.length)] as TestUser;
      const to = users[Math.floor(random() * users.length)] as TestUser;
      const roll = random();
      if (roll < 0.45) return follow(from, to);
      if (roll < 0.65) return unfollow(from, to);
      if (roll < 0.85) return block(from, to);
      return unblock(from, to);
    });
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 400, 403, 409]).toContain(r.status);
    for (const user of users) expect(await counts(user.id)).toEqual(await rowCounts(user.id));
    // No follow survives between two people either of whom blocked the other.
    const crossing = await t.database.handle.db
      .selectFrom('follows')
      .innerJoin('blocks', (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([
              eb('blocks.blocker_id', '=', eb.ref('follows.follower_id')),
              eb('blocks.blocked_id', '=', eb.ref('follows.following_id')),
            ]),
            eb.and([
              eb('blocks.blocker_id', '=', eb.ref('follows.following_id')),
              eb('blocks.blocked_id', '=', eb.ref('follows.follower_id')),
            ]),
          ]),
        ),
      )
      .select('follows.follower_id')
      .execute();
    expect(crossing).toEqual([]);
  }, 90_000);
});

describe('muting', () => {
  it('mutes and unmutes quietly, lists whom I muted, and changes no follow', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await follow(ana, bo);
    const muted = await as(ana, `/api/users/${bo.id}/mute`, 'PUT');
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ muted: true });
    expect((await as(ana, `/api/users/${bo.id}/mute`, 'PUT')).status).toBe(200);
    expect((await as(ana, '/api/users/me/mutes')).body).toEqual({
      people: [{ userId: bo.id, displayName: bo.name, pictureUrl: null }],
      nextCursor: null,
    });
    expect((await as(ana, `/api/profiles/${bo.name}`)).body).toMatchObject({ mutedByMe: true, canSeeContent: true });
    expect((await as(bo, `/api/profiles/${ana.name}`)).body).toMatchObject({ mutedByMe: false });
    expect((await as(ana, `/api/users/${bo.id}/follow`)).body.following).toBe(true);
    expect(await notificationsOf(bo)).toHaveLength(1);

    const off = await as(ana, `/api/users/${bo.id}/mute`, 'DELETE');
    expect(off.body).toEqual({ muted: false });
    expect((await as(ana, '/api/users/me/mutes')).body.people).toEqual([]);
    const self = await as(ana, `/api/users/${ana.id}/mute`, 'PUT');
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot mute yourself');
    expect((await call(t, `/api/users/${bo.id}/mute`, { method: 'PUT' })).status).toBe(401);
    expect((await call(t, '/api/users/me/mutes')).status).toBe(401);
  });
});
