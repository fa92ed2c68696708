import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

// Spoiler-free scores: a member with the setting on is sent no one else's score of an album they
// have not rated, by any route, until they rate it or ask to see it anyway; everyone else, and
// the shared read cache, are untouched.

const OK_COMPUTER = 'radiohead-ok-computer';
const DAMN = 'kendrick-lamar-damn';

/** Answers that list albums or songs with scores, or people's ratings of them. */
const LISTS = [
  '/api/music/top-albums',
  '/api/charts/albums',
  '/api/charts/songs',
  '/api/music/search?q=ok%20computer',
  '/api/artists/radiohead',
  '/api/feed',
  '/api/activity/recent',
];

let t: TestApp;
let me: TestUser;
let raters: TestUser[];

const get = (path: string, who?: TestUser, headers?: Record<string, string>) =>
  call(t, path, { cookie: who?.cookie, ip: who?.ip, headers });
const send = (method: string, path: string, who: TestUser | undefined, body?: unknown) =>
  call(t, path, { method, body, cookie: who?.cookie, ip: who?.ip });

async function mustGet(path: string, who?: TestUser): Promise<Json> {
  const res = await get(path, who);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const tracksOf = async (albumId: string): Promise<string[]> =>
  (await mustGet(`/api/music/albums/${albumId}`)).tracks.map((track: Json) => track.id);

async function rateSong(who: TestUser, albumId: string, trackId: string, rating: number | null) {
  const res = await send('PUT', `/api/albums/${albumId}/tracks/${trackId}/rating`, who, { rating });
  expect(res.status).toBe(200);
}

async function setSpoilerFree(who: TestUser, spoilerFree: boolean) {
  const res = await send('PUT', '/api/users/me/spoiler-free', who, { spoilerFree });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ spoilerFree });
}

/** Every average, histogram count, rank and rating an answer gives for `albumId`, as found by a reader. */
function scoresOf(body: Json, albumId: string): unknown[] {
  const found: unknown[] = [];
  const walk = (value: Json, album: string | undefined): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, album);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const here = value.albumId ?? value.song?.albumId ?? value.album?.id ?? value.id ?? album;
    if (here === albumId) {
      if (value.listeners) found.push(value.listeners.average);
      if (value.community) found.push(value.community.average);
      if (Array.isArray(value.histogram)) found.push(...value.histogram.filter((n: number) => n > 0));
      if (value.ranks) found.push(value.ranks.year, value.ranks.genre);
      if (value.album && 'rating' in value.album) found.push(value.album.rating);
      if (value.type === 'review') found.push(value.rating);
    }
    for (const child of Object.values(value)) walk(child as Json, here);
  };
  walk(body, undefined);
  return found.filter((score) => score !== null && score !== undefined);
}

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t);
  raters = await Promise.all([1, 2, 3].map(() => createUser(t)));
  const [okSongs, damnSongs] = await Promise.all([tracksOf(OK_COMPUTER), tracksOf(DAMN)]);
  for (const [i, rater] of raters.entries()) {
    await rateSong(rater, OK_COMPUTER, okSongs[0] as string, 6 + i);
    await rateSong(rater, OK_COMPUTER, okSongs[1] as string, 8);
    await rateSong(rater, DAMN, damnSongs[0] as string, 9);
    const follow = await send('POST', `/api/users/${rater.id}/follow`, me);
    expect(follow.status).toBeLessThan(300);
  }
  const review = await send('POST', '/api/users/me/collection', raters[0], {
    albumId: OK_COMPUTER,
    review: 'The best thing they made.',
  });
  expect(review.status).toBeLessThan(300);
  await setSpoilerFree(me, true);
});
afterAll(async () => t.close());

describe('spoiler-free scores', () => {
  it('is off by default, and only for the signed-in member to read and change', async () => {
    expect((await mustGet('/api/users/me/spoiler-free', raters[0])).spoilerFree).toBe(false);
    expect((await mustGet('/api/users/me/spoiler-free', me)).spoilerFree).toBe(true);
    expect((await get('/api/users/me/spoiler-free')).status).toBe(401);
    expect((await send('PUT', '/api/users/me/spoiler-free', undefined, { spoilerFree: true })).status).toBe(401);
    const bad = await send('PUT', '/api/users/me/spoiler-free', raters[1], { spoilerFree: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('spoilerFree must be true or false');
    expect((await mustGet('/api/users/me/spoiler-free', raters[1])).spoilerFree).toBe(false);
  });

  it("hides the album page's averages, histogram, ranks, song averages, reviewers' and friends' ratings", async () => {
    const detail = await get(`/api/music/albums/${OK_COMPUTER}`, me);
    expect(detail.status).toBe(200);
    expect(detail.body.community).toEqual({ ratingsCount: 6, average: null });
    expect(detail.body.listeners).toEqual({ count: 3, average: null });
    // Theirs alone: no shared cache keeps it, and it is not the everyone's entity.
    expect(detail.response.headers.get('cache-control')).toBe('private, no-store');
    expect(detail.response.headers.get('etag')).toBeNull();

    const community = await mustGet(`/api/albums/${OK_COMPUTER}/community`, me);
    expect(community).toMatchObject({
      albumId: OK_COMPUTER,
      scoresHidden: true,
      histogram: [],
      listeners: { count: 3, average: null },
      ranks: { year: null, genre: null },
      album: { ratingsCount: 6, average: null },
    });
    expect(Object.values(community.tracks).every((track: Json) => track.average === null)).toBe(true);
    expect(community.reviews).toHaveLength(1);
    expect(community.reviews[0]).toMatchObject({ content: 'The best thing they made.', rating: null });

    const friends = await mustGet(`/api/albums/${OK_COMPUTER}/friends`, me);
    expect(friends).toEqual({ albumId: OK_COMPUTER, ratings: [], total: 3, scoresHidden: true });
  });

  it('hides them in every list of albums and songs: charts, top albums, search, the artist, the feed', async () => {
    for (const path of LISTS) {
      const body = await mustGet(path, me);
      expect(JSON.stringify(body), path).toContain(OK_COMPUTER);
      expect(scoresOf(body, OK_COMPUTER), path).toEqual([]);
    }
  });

  it('leaves everyone else and the shared cache as they were', async () => {
    const visitor = await get(`/api/music/albums/${OK_COMPUTER}`);
    expect(visitor.body.listeners.average).not.toBeNull();
    expect(visitor.response.headers.get('cache-control')).toContain('public');
    // A shared cache keeps it apart from what a member's cookie gets.
    expect(visitor.response.headers.get('vary')).toContain('cookie');
    const member = await mustGet(`/api/albums/${OK_COMPUTER}/community`, raters[2]);
    expect(member.scoresHidden).toBe(false);
    expect(member.histogram.reduce((sum: number, n: number) => sum + n, 0)).toBe(3);
    expect(member.reviews[0].rating).not.toBeNull();
    expect(scoresOf(await mustGet('/api/charts/albums'), OK_COMPUTER)).not.toEqual([]);
    // Their entity tag does not get them the everyone's answer from a cache either.
    const etag = visitor.response.headers.get('etag') ?? '';
    const again = await get(`/api/music/albums/${OK_COMPUTER}`, me, { 'if-none-match': etag });
    expect(again.status).toBe(200);
    expect(again.body.listeners.average).toBeNull();
  });

  it('"Show anyway" shows one album\'s scores, and hiding them again hides them', async () => {
    const unknown = await send('PUT', '/api/users/me/score-reveals/no-such-album', me);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Album not found');
    expect((await send('PUT', `/api/users/me/score-reveals/${OK_COMPUTER}`, undefined)).status).toBe(401);

    expect((await send('PUT', `/api/users/me/score-reveals/${OK_COMPUTER}`, me)).status).toBe(204);
    expect((await send('PUT', `/api/users/me/score-reveals/${OK_COMPUTER}`, me)).status).toBe(204);
    const community = await mustGet(`/api/albums/${OK_COMPUTER}/community`, me);
    expect(community.scoresHidden).toBe(false);
    expect(community.listeners.average).not.toBeNull();
    expect((await mustGet(`/api/albums/${OK_COMPUTER}/friends`, me)).ratings).toHaveLength(3);
    // One album shown, the others in the same answer still hidden.
    const chart = await mustGet('/api/charts/albums', me);
    expect(scoresOf(chart, OK_COMPUTER)).not.toEqual([]);
    expect(scoresOf(chart, DAMN)).toEqual([]);

    // Both are the member's data: "Download my data" has them.
    const exported = await mustGet('/api/users/me/export', me);
    expect(exported.profile.spoiler_free).toBe(1);
    expect(exported.scoreReveals).toEqual([{ album_id: OK_COMPUTER, created_at: expect.any(String) }]);

    expect((await send('DELETE', `/api/users/me/score-reveals/${OK_COMPUTER}`, me)).status).toBe(204);
    expect((await mustGet(`/api/albums/${OK_COMPUTER}/community`, me)).scoresHidden).toBe(true);
  });

  it('shows an album once the member rates it, and everything when the setting is off', async () => {
    const [song] = await tracksOf(DAMN);
    await rateSong(me, DAMN, song as string, 7);
    const community = await mustGet(`/api/albums/${DAMN}/community`, me);
    expect(community.scoresHidden).toBe(false);
    expect(community.listeners).toEqual({ count: 4, average: expect.any(Number) });
    expect((await mustGet(`/api/albums/${OK_COMPUTER}/community`, me)).scoresHidden).toBe(true);

    await setSpoilerFree(me, false);
    expect((await mustGet(`/api/albums/${OK_COMPUTER}/community`, me)).scoresHidden).toBe(false);
    for (const path of LISTS) expect(scoresOf(await mustGet(path, me), OK_COMPUTER), path).not.toEqual([]);
    await setSpoilerFree(me, true);
  });
});
