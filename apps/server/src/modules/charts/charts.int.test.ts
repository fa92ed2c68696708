import { CHART_PAGE_SIZE, YEAR_AND_DECADE } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

const OK_COMPUTER = 'radiohead-ok-computer';
/** An album many people know, that one enthusiast will rate alone. */
const ALONE = 'miles-davis-kind-of-blue';

let t: TestApp;
let fans: TestUser[];

const tracksOf = async (app: TestApp, albumId: string): Promise<string[]> =>
  (await call(app, `/api/music/albums/${albumId}`)).body.tracks.map((track: { id: string }) => track.id);

async function rate(app: TestApp, who: TestUser, albumId: string, trackId: string, rating: number | null) {
  const res = await call(app, `/api/albums/${albumId}/tracks/${trackId}/rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
  expect(res.status).toBe(200);
}

const chart = async (query = '', kind = 'albums') => {
  const res = await call(t, `/api/charts/${kind}${query ? `?${query}` : ''}`);
  expect(res.status, query).toBe(200);
  return res.body;
};
const ids = (page: Json) => page.entries.map((entry: Json) => entry.album.id);

beforeAll(async () => {
  t = await createTestApp();
  fans = await Promise.all([1, 2, 3].map(() => createUser(t)));
});
afterAll(async () => t.close());

describe('charts', () => {
  it('are empty on a young site, saying how many listeners an album needs', async () => {
    expect(await chart()).toEqual({ entries: [], nextCursor: null, minListeners: 3 });
    expect(await chart('', 'songs')).toEqual({ entries: [], nextCursor: null, minListeners: 3 });
  });

  it('count people, not song ratings: one enthusiast rating every song 5 stars does not chart, three listeners do', async () => {
    const [first, second, third] = fans as [TestUser, TestUser, TestUser];
    const alone = await tracksOf(t, ALONE);
    // Every song of one album, 5 stars, by one person: many song ratings, one listener.
    for (const track of alone) await rate(t, first, ALONE, track, 10);
    expect(await chart()).toMatchObject({ entries: [] });

    const ok = await tracksOf(t, OK_COMPUTER);
    await rate(t, first, OK_COMPUTER, ok[0] as string, 8);
    await rate(t, second, OK_COMPUTER, ok[1] as string, 7);
    expect(ids(await chart())).toEqual([]);
    await rate(t, third, OK_COMPUTER, ok[0] as string, 9);
    const page = await chart();
    expect(page.entries).toEqual([
      {
        rank: 1,
        album: expect.objectContaining({ id: OK_COMPUTER, name: 'OK Computer', releaseDate: '1997-05-21' }),
        artistId: 'radiohead',
        type: 'album',
        // 4.0, 3.5 and 4.5 stars.
        listeners: { count: 3, average: 4 },
      },
    ]);
    // The album page says the same.
    expect((await call(t, `/api/music/albums/${OK_COMPUTER}`)).body.listeners).toEqual({ count: 3, average: 4 });
  });

  it("put the enthusiast's album below albums several people rated on home's Top Albums", async () => {
    const top = (await call(t, '/api/music/top-albums')).body.map((album: Json) => album.id);
    expect(top[0]).toBe(OK_COMPUTER);
    expect(top.indexOf(ALONE)).toBeGreaterThan(top.indexOf(OK_COMPUTER));
    // Top Songs: the charted songs first, one per album in the first row.
    const songs = (await call(t, '/api/music/top-songs')).body;
    const firstRow = songs.slice(0, 10).map((song: Json) => song.albumId);
    expect(new Set(firstRow).size).toBe(firstRow.length);
    expect(songs).toHaveLength(50);
  });

  it('filter by year, decade, genre and type, and refuse a year with a decade', async () => {
    expect(ids(await chart('year=1997&genre=rock'))).toEqual([OK_COMPUTER]);
    expect(ids(await chart('decade=1990'))).toEqual([OK_COMPUTER]);
    expect(ids(await chart('genre=alternative-rock&type=album'))).toEqual([OK_COMPUTER]);
    expect(ids(await chart('year=1998'))).toEqual([]);
    expect(ids(await chart('decade=2000'))).toEqual([]);
    expect(ids(await chart('genre=jazz'))).toEqual([]);
    expect(ids(await chart('type=live'))).toEqual([]);
    expect(ids(await chart('genre=no-such-genre'))).toEqual([]);
    const both = await call(t, '/api/charts/albums?year=1997&decade=1990');
    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe(YEAR_AND_DECADE);
    for (const bad of ['year=97', 'year=abc', 'decade=1995', 'type=bootleg', 'cursor=nope', 'year=1997&year=1998']) {
      expect((await call(t, `/api/charts/albums?${bad}`)).status, bad).toBe(400);
    }
  });

  it('chart songs by the people who rated them', async () => {
    const [first, second] = fans as [TestUser, TestUser];
    const ok = await tracksOf(t, OK_COMPUTER);
    // Song 1 now has three listeners (first 4.0, third 4.5, second 3.0).
    await rate(t, second, OK_COMPUTER, ok[0] as string, 6);
    const page = await chart('', 'songs');
    expect(page.entries).toEqual([
      {
        rank: 1,
        song: expect.objectContaining({ id: ok[0], albumId: OK_COMPUTER }),
        albumName: 'OK Computer',
        releaseDate: '1997-05-21',
        listeners: { count: 3, average: 3.8 },
      },
    ]);
    expect((await chart('genre=jazz', 'songs')).entries).toEqual([]);
    // A rating cleared is out of the chart at once (the cached page is forgotten).
    await rate(t, first, OK_COMPUTER, ok[0] as string, null);
    expect((await chart('', 'songs')).entries).toEqual([]);
  });

  it('list the genres albums carry, the most used first', async () => {
    const res = await call(t, '/api/genres');
    expect(res.status).toBe(200);
    const rock = res.body.find((g: Json) => g.slug === 'rock');
    expect(rock).toEqual({ slug: 'rock', name: 'rock', albumCount: expect.any(Number) });
    const counts = res.body.map((g: Json) => g.albumCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });
});

describe('chart pages', () => {
  it('continue the ranking across pages with no entry twice, and the ranks continue', async () => {
    // One listener is enough on this site, so one person can make a long chart quickly.
    const small = await createTestApp({ env: { CHART_MIN_LISTENERS: '1' } });
    try {
      const fan = await createUser(small);
      const albums = (await call(small, '/api/music/top-albums')).body.slice(0, CHART_PAGE_SIZE + 5);
      for (const [i, album] of albums.entries()) {
        const [track] = await tracksOf(small, album.id);
        await rate(small, fan, album.id, track as string, 1 + (i % 10));
      }
      const first = (await call(small, '/api/charts/albums')).body;
      expect(first.minListeners).toBe(1);
      expect(first.entries).toHaveLength(CHART_PAGE_SIZE);
      expect(first.entries.map((e: Json) => e.rank)).toEqual(Array.from({ length: CHART_PAGE_SIZE }, (_, i) => i + 1));
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (await call(small, `/api/charts/albums?cursor=${encodeURIComponent(first.nextCursor)}`)).body;
      expect(second.entries.map((e: Json) => e.rank)).toEqual([26, 27, 28, 29, 30]);
      expect(second.nextCursor).toBeNull();
      const all = [...first.entries, ...second.entries].map((e: Json) => e.album.id);
      expect(new Set(all).size).toBe(30);
      // Best first: the averages never rise down the chart.
      const averages = [...first.entries, ...second.entries].map((e: Json) => e.listeners.average);
      expect([...averages].sort((a, b) => b - a)).toEqual(averages);
    } finally {
      await small.close();
    }
  });
});

describe("Discover's albums", () => {
  const browse = async (query: string) => {
    const res = await call(t, `/api/music/albums?${query}`);
    expect(res.status, query).toBe(200);
    return res.body;
  };

  it('sort by score like Top Albums: charted albums first, then the rest by popularity', async () => {
    const top = (await call(t, '/api/music/top-albums')).body.map((album: Json) => album.id);
    const first = await browse('limit=20');
    expect(first.albums.map((album: Json) => album.id)).toEqual(top.slice(0, 20));
    expect(first.hasMore).toBe(true);
    // Pages meet without a gap or a repeat, across the charted head and the popular tail.
    const second = await browse('limit=20&offset=20');
    expect(second.albums.map((album: Json) => album.id)).toEqual(top.slice(20, 40));
  });

  it('filter by genre, decade and type, each album matching, and sort by popularity or newest', async () => {
    const rock90s = await browse('genre=rock&decade=1990&sort=popular&limit=50');
    expect(rock90s.albums.length).toBeGreaterThan(0);
    for (const album of rock90s.albums) {
      expect(album.releaseDate >= '1990' && album.releaseDate < '2000', album.id).toBe(true);
      const detail = (await call(t, `/api/music/albums/${album.id}`)).body;
      expect(detail.genres.map((g: Json) => g.slug)).toContain('rock');
    }
    const newest = (await browse('sort=newest&limit=50')).albums.map((album: Json) => album.releaseDate);
    expect([...newest].sort().reverse()).toEqual(newest);
    const live = (await browse('type=live&limit=50')).albums;
    expect(live.length).toBeGreaterThan(0);
    for (const album of live) {
      expect((await call(t, `/api/music/albums/${album.id}`)).body.type).toBe('live');
    }
    const none = await browse('genre=no-such-genre');
    expect(none).toEqual({ albums: [], hasMore: false });
  });

  it('refuse a bad filter with the reason', async () => {
    for (const [query, message] of [
      ['decade=1995', 'decade must be a year ending in 0, from 1900 to 2090'],
      ['decade=abc', 'decade must be a year ending in 0, from 1900 to 2090'],
      ['sort=random', 'sort must be score, popular or newest'],
      ['type=bootleg', 'type must be album, ep, single, live or compilation'],
      ['limit=500', 'limit must be a whole number from 1 to 50'],
    ] as const) {
      const res = await call(t, `/api/music/albums?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toBe(message);
    }
  });
});
