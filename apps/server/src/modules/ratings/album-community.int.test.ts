import { FRIEND_RATINGS_SHOWN } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

// An album page's community half: the histogram of its listeners' album ratings, its
// ranks in its year and genre, and the ratings of the people you follow.

const OK_COMPUTER = 'radiohead-ok-computer';
const DAMN = 'kendrick-lamar-damn';

let t: TestApp;
let me: TestUser;
let people: TestUser[];

const tracksOf = async (albumId: string): Promise<string[]> =>
  (await call(t, `/api/music/albums/${albumId}`)).body.tracks.map((track: Json) => track.id);

async function rateSong(who: TestUser, albumId: string, trackId: string, rating: number | null) {
  const res = await call(t, `/api/albums/${albumId}/tracks/${trackId}/rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
  expect(res.status).toBe(200);
}

async function chooseRating(who: TestUser, albumId: string, rating: number | null) {
  const res = await call(t, `/api/albums/${albumId}/my-rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
  expect(res.status).toBe(200);
}

const community = async (albumId: string) => {
  const res = await call(t, `/api/albums/${albumId}/community`);
  expect(res.status).toBe(200);
  return res.body;
};
const friends = (albumId: string, who: TestUser = me) =>
  call(t, `/api/albums/${albumId}/friends`, { cookie: who.cookie, ip: who.ip });

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t);
  people = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
});
afterAll(async () => t.close());

describe("an album's community", () => {
  it('starts empty: ten empty buckets, no listeners, no ranks', async () => {
    expect(await community(OK_COMPUTER)).toMatchObject({
      histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      listeners: { count: 0, average: null },
      ranks: { year: null, genre: null },
    });
  });

  it("counts each listener once, in the half-star bucket of their album rating (chosen, else their songs' mean)", async () => {
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const tracks = await tracksOf(OK_COMPUTER);
    // a: songs 4★ and 5★, mean 4.5 — one listener however many songs.
    await rateSong(a, OK_COMPUTER, tracks[0] as string, 8);
    await rateSong(a, OK_COMPUTER, tracks[1] as string, 10);
    // b: a song at 2★, but a chosen album rating of 3½★: the chosen one counts.
    await rateSong(b, OK_COMPUTER, tracks[0] as string, 4);
    await chooseRating(b, OK_COMPUTER, 7);
    // c: songs 4½★ and 4★, mean 4.25 (kept as 4.3), in the nearest half star's bucket: 4½.
    await rateSong(c, OK_COMPUTER, tracks[0] as string, 9);
    await rateSong(c, OK_COMPUTER, tracks[1] as string, 8);
    const body = await community(OK_COMPUTER);
    expect(body.histogram).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 2, 0]);
    expect(body.listeners).toEqual({ count: 3, average: 4.1 });
    expect(body.histogram.reduce((sum: number, n: number) => sum + n, 0)).toBe(body.listeners.count);
    // Clearing the chosen rating puts b back on their songs' 2★.
    await chooseRating(b, OK_COMPUTER, null);
    expect((await community(OK_COMPUTER)).histogram).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 2, 0]);
  });

  it('ranks an album in its year and its main genre once it has enough listeners, and agrees with the charts', async () => {
    const ranks = (await community(OK_COMPUTER)).ranks;
    expect(ranks).toEqual({ year: { year: 1997, rank: 1 }, genre: { slug: 'rock', name: 'rock', rank: 1 } });
    // A second 1997 rock album, rated higher by three people, goes ahead of it.
    const other = (await call(t, '/api/music/albums?genre=rock&decade=1990&sort=popular&limit=50')).body.albums.find(
      (album: Json) => album.releaseDate?.startsWith('1997') && album.id !== OK_COMPUTER,
    );
    if (other) {
      const [first] = await tracksOf(other.id);
      for (const who of people.slice(0, 3)) await rateSong(who, other.id, first as string, 10);
      const after = (await community(OK_COMPUTER)).ranks;
      expect(after.year).toEqual({ year: 1997, rank: 2 });
      const chart = (await call(t, '/api/charts/albums?year=1997')).body.entries.map((e: Json) => e.album.id);
      expect(chart.indexOf(OK_COMPUTER) + 1).toBe(2);
    }
    // Fewer than three listeners: no rank at all.
    expect((await community(DAMN)).ranks).toEqual({ year: null, genre: null });
  });

  it('answers an unknown album with 404 and no rows', async () => {
    const res = await call(t, '/api/albums/no-such-album/community');
    expect(res.status).toBe(404);
    expect((await friends('no-such-album')).status).toBe(404);
  });
});

describe("friends' ratings", () => {
  it('list only the people you follow who rated the album, highest first, with their names', async () => {
    const [a, b, c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    expect((await friends(OK_COMPUTER)).body).toEqual({
      albumId: OK_COMPUTER,
      ratings: [],
      total: 0,
      scoresHidden: false,
    });
    for (const who of [a, b, d]) {
      const res = await call(t, `/api/users/${who.id}/follow`, { method: 'POST', cookie: me.cookie, ip: me.ip });
      expect(res.status).toBe(200);
    }
    const res = await friends(OK_COMPUTER);
    expect(res.status).toBe(200);
    // a 4.5, b 2.0 (songs); c is not followed; d follows nobody's album.
    expect(res.body).toEqual({
      albumId: OK_COMPUTER,
      ratings: [
        { userId: a.id, displayName: a.name, pictureUrl: null, rating: 4.5 },
        { userId: b.id, displayName: b.name, pictureUrl: null, rating: 2 },
      ],
      total: 2,
      scoresHidden: false,
    });
    expect(res.response.headers.get('cache-control')).toContain('private');
    // What one person sees is theirs: c follows nobody.
    expect((await friends(OK_COMPUTER, c)).body).toEqual({
      albumId: OK_COMPUTER,
      ratings: [],
      total: 0,
      scoresHidden: false,
    });
    expect(FRIEND_RATINGS_SHOWN).toBeGreaterThan(2);
  });

  it('are refused to visitors', async () => {
    const res = await call(t, `/api/albums/${OK_COMPUTER}/friends`);
    expect(res.status).toBe(401);
  });
});
