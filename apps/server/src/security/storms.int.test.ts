import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser, type TestUser } from '../test/users.ts';

// Concurrent writes that move counters while accounts disappear: no 5xx
// (no deadlock, no foreign-key race, no pool running dry), and every counter equals its rows.
let t: TestApp;
const ALBUM = 'miles-davis-kind-of-blue';
let tracks: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: SUITE_ENV });
  tracks = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks.map((track: { id: string }) => track.id);
});
afterAll(async () => t.close());

/** A fixed pseudo-random sequence: a failing storm can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
const pick = <T>(random: () => number, items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

const follow = (who: TestUser, target: string) =>
  call(t, `/api/users/${target}/follow`, { method: 'POST', body: {}, cookie: who.cookie, ip: who.ip });
const unfollow = (who: TestUser, target: string) =>
  call(t, `/api/users/${target}/follow`, { method: 'DELETE', cookie: who.cookie, ip: who.ip });
/** The album rating chosen beside the songs' mean (ADR 21), half stars, or null to go back to it. */
const choose = (who: TestUser, rating: number | null) =>
  call(t, `/api/albums/${ALBUM}/my-rating`, { method: 'PUT', body: { rating }, cookie: who.cookie, ip: who.ip });

const rate = (who: TestUser, trackId: string, rating: number | null) =>
  call(t, `/api/albums/${ALBUM}/tracks/${trackId}/rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
const deleteAccount = (who: TestUser) =>
  call(t, '/api/users/me', { method: 'DELETE', body: { password: who.password }, cookie: who.cookie, ip: who.ip });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every answer, described for a failure message. */
function serverErrors(results: { status: number; body: unknown }[]) {
  return results.filter((r) => r.status >= 500).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
}

describe('follow storm', () => {
  it('answers no 5xx while users follow and unfollow each other and some delete their accounts, and counts equal the rows', async () => {
    const users = await Promise.all(Array.from({ length: 16 }, () => createUser(t)));
    const leaving = users.slice(0, 4);
    const random = randomFrom(7);
    // Start from a web of follows, so the deletions have counts of others to lower.
    for (const who of leaving) {
      for (const target of users.slice(4, 10)) await follow(who, target.id);
      await follow(pick(random, users.slice(10)), who.id);
    }

    const storm = Array.from({ length: 400 }, async (_, i) => {
      // Spread the calls over the deletions instead of firing all before them.
      await pause(i % 40);
      const from = pick(random, users);
      const to = pick(random, users);
      return random() < 0.6 ? follow(from, to.id) : unfollow(from, to.id);
    });
    const deletions = leaving.map(async (who, i) => {
      await pause(10 + i * 8);
      return deleteAccount(who);
    });
    const results = await Promise.all(storm);
    const deleted = await Promise.all(deletions);

    expect(serverErrors([...results, ...deleted])).toEqual([]);
    for (const r of deleted) expect(r.status).toBe(204);
    // 401: the caller's own account was deleted; 404: the target's was.
    for (const r of results) expect([200, 400, 401, 404, 409]).toContain(r.status);

    const db = t.database.handle.db;
    const profiles = await db.selectFrom('profiles').select(['user_id', 'follower_count', 'following_count']).execute();
    const rows = await db.selectFrom('follows').select(['follower_id', 'following_id']).execute();
    const ids = new Set(users.map((u) => u.id));
    for (const profile of profiles.filter((p) => ids.has(p.user_id))) {
      expect(
        { id: profile.user_id, followers: profile.follower_count, following: profile.following_count },
        'counts equal the rows',
      ).toEqual({
        id: profile.user_id,
        followers: rows.filter((r) => r.following_id === profile.user_id).length,
        following: rows.filter((r) => r.follower_id === profile.user_id).length,
      });
    }
    const gone = new Set(leaving.map((u) => u.id));
    expect(profiles.filter((p) => gone.has(p.user_id))).toEqual([]);
    expect(rows.filter((r) => gone.has(r.follower_id) || gone.has(r.following_id))).toEqual([]);
  }, 50_000);
});

describe('rating storm', () => {
  it('answers no 5xx while many users rate and clear the same album and some delete their accounts, and totals equal the rows', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const leaving = users.slice(0, 4);
    const random = randomFrom(11);
    // The leavers have ratings on the album (rated in opposite orders), so their deletions move
    // the same totals at the same moment, mid-storm.
    for (const [i, who] of leaving.entries()) {
      const some = tracks.slice(0, 4);
      for (const track of i % 2 ? some.reverse() : some) await rate(who, track, 7);
    }

    // The leavers chose an album rating too, so their deletions also lower the listeners.
    await choose(leaving[0] as TestUser, 9);
    const storm = Array.from({ length: 360 }, async (_, i) => {
      await pause(i % 40);
      const rating = random() < 0.25 ? null : 1 + Math.floor(random() * 10);
      // One call in five chooses (or un-chooses) the album rating instead of a song's.
      if (random() < 0.2) return choose(pick(random, users), rating);
      return rate(pick(random, users), pick(random, tracks), rating);
    });
    const deletions = leaving.map(async (who, i) => {
      await pause(15 + i * 2);
      return deleteAccount(who);
    });
    const results = await Promise.all(storm);
    const deleted = await Promise.all(deletions);

    expect(serverErrors([...results, ...deleted])).toEqual([]);
    for (const r of deleted) expect(r.status).toBe(204);
    // 401 or 404: the rater's account was deleted before or while the rating was saved.
    for (const r of results) expect([200, 401, 404]).toContain(r.status);

    const db = t.database.handle.db;
    const ratings = await db
      .selectFrom('track_ratings')
      .select(['track_id', 'rating'])
      .where('album_id', '=', ALBUM)
      .execute();
    const album = await db
      .selectFrom('album_stats')
      .select(['ratings_count', 'ratings_sum'])
      .where('album_id', '=', ALBUM)
      .executeTakeFirst();
    expect({ count: album?.ratings_count ?? 0, sum: album?.ratings_sum ?? 0 }).toEqual({
      count: ratings.length,
      sum: ratings.reduce((sum, r) => sum + r.rating, 0),
    });
    const trackStats = await db
      .selectFrom('track_stats')
      .select(['track_id', 'ratings_count', 'ratings_sum'])
      .where('album_id', '=', ALBUM)
      .execute();
    for (const track of tracks) {
      const rows = ratings.filter((r) => r.track_id === track);
      const stats = trackStats.find((s) => s.track_id === track);
      expect({ track, count: stats?.ratings_count ?? 0, sum: stats?.ratings_sum ?? 0 }).toEqual({
        track,
        count: rows.length,
        sum: rows.reduce((sum, r) => sum + r.rating, 0),
      });
    }
    // Listeners: one per person with an album rating, the chosen one, else their songs' mean.
    const songsMeans = await db
      .selectFrom('album_ratings')
      .select(['user_id', 'rating_tenths'])
      .where('album_id', '=', ALBUM)
      .execute();
    const chosen = await db
      .selectFrom('chosen_album_ratings')
      .select(['user_id', 'rating_tenths'])
      .where('album_id', '=', ALBUM)
      .execute();
    const effective = new Map(songsMeans.map((r) => [r.user_id, r.rating_tenths]));
    for (const r of chosen) effective.set(r.user_id, r.rating_tenths);
    const listeners = await db
      .selectFrom('album_stats')
      .select(['listeners', 'listener_tenths'])
      .where('album_id', '=', ALBUM)
      .executeTakeFirst();
    expect({ listeners: listeners?.listeners ?? 0, tenths: listeners?.listener_tenths ?? 0 }).toEqual({
      listeners: effective.size,
      tenths: [...effective.values()].reduce((sum, v) => sum + v, 0),
    });
    const gone = new Set(leaving.map((u) => u.id));
    const left = await db.selectFrom('track_ratings').select('user_id').execute();
    expect(left.filter((r) => gone.has(r.user_id))).toEqual([]);
  }, 50_000);
});
