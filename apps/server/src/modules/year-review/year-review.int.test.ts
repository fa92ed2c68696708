import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

const BLUE = 'miles-davis-kind-of-blue';
const MOON = 'pink-floyd-the-dark-side-of-the-moon';
const YEAR = new Date().getUTCFullYear();
let t: TestApp;
let ana: TestUser;
let bo: TestUser;

const as = (who: TestUser | null, path: string, method = 'GET', body?: unknown) =>
  who ? call(t, path, { method, body, cookie: who.cookie, ip: who.ip }) : call(t, path, { method, body });
const yearOf = (who: TestUser | null, year = YEAR) => as(who, `/api/users/${ana.id}/year/${year}`);

async function rate(who: TestUser, albumId: string, ratings: number[]) {
  const album = await call(t, `/api/music/albums/${albumId}`);
  for (const [i, rating] of ratings.entries()) {
    const res = await as(who, `/api/albums/${albumId}/tracks/${album.body.tracks[i].id}/rating`, 'PUT', { rating });
    expect(res.status).toBe(200);
  }
}

async function listen(who: TestUser, albumId: string, listenedOn: string) {
  expect((await as(who, `/api/albums/${albumId}/listens`, 'POST', { listenedOn })).status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await createUser(t);
  bo = await createUser(t);
  // Ratings are this year's (they were set today); Kind of Blue high, The Dark Side low.
  await rate(ana, BLUE, [10, 9]);
  await rate(ana, MOON, [3]);
  await listen(ana, BLUE, `${YEAR}-03-15`);
  await listen(ana, BLUE, `${YEAR}-03-20`);
  await listen(ana, MOON, `${YEAR}-01-02`);
  await listen(ana, MOON, `${YEAR - 1}-12-31`);
  // A public review, and a longer one only she may read.
  const review = (albumId: string, text: string, reviewVisibility: string) =>
    as(ana, '/api/users/me/collection', 'POST', { albumId, review: text, reviewVisibility });
  expect((await review(BLUE, 'Modal bliss, start to finish.', 'public')).status).toBe(201);
  expect(
    (await review(MOON, 'A private thought that runs much longer than the other one does.', 'private')).status,
  ).toBe(201);
  expect((await as(ana, '/api/lists', 'POST', { title: 'Night drives', kind: 'album' })).status).toBe(201);
  expect(
    (await as(ana, '/api/lists', 'POST', { title: 'Secret shelf', kind: 'album', visibility: 'unlisted' })).status,
  ).toBe(201);
  expect((await as(ana, `/api/users/${bo.id}/follow`, 'POST', {})).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('a year in review', () => {
  it('counts what was rated and heard that year, month by month, with the tops and extremes', async () => {
    const res = await yearOf(bo);
    expect(res.status).toBe(200);
    const review = res.body;
    expect(review).toMatchObject({
      year: YEAR,
      albumsRated: 2,
      songsRated: 3,
      listens: 3,
      albumsListened: 2,
      peopleFollowed: 1,
    });
    expect(review.months).toHaveLength(12);
    expect(review.months[0]).toMatchObject({ month: 1, listens: 1 });
    expect(review.months[2]).toMatchObject({ month: 3, listens: 2 });
    const thisMonth = new Date().getUTCMonth();
    expect(review.months[thisMonth].songsRated).toBe(3);

    expect(review.topAlbums.map((entry: { album: { id: string } }) => entry.album.id)).toEqual([BLUE, MOON]);
    expect(review.topAlbums[0]).toMatchObject({ listens: 2, rating: 4.8 });
    expect(review.topAlbums[0].album.imageUrl).toMatch(/^\/api\/music\/covers\//);
    // Her songs of the year: the 5★ first, then the 4½★, then the 1½★, each with its album.
    expect(review.topSongs.map((song: { rating: number }) => song.rating)).toEqual([5, 4.5, 1.5]);
    expect(review.topSongs[0]).toMatchObject({ title: expect.any(String), album: { id: BLUE } });
    expect(review.topSongs[2].album.id).toBe(MOON);
    expect(review.topArtists[0]).toMatchObject({ name: 'Miles Davis', listens: 2 });
    expect(review.topGenres.length).toBeGreaterThan(0);
    expect(review.highestRated.map((entry: { album: { id: string } }) => entry.album.id)).toEqual([BLUE, MOON]);
    expect(review.highestRated[1]).toMatchObject({ rating: 1.5 });
    // Two albums rated: both are already among the highest, so none is listed again as lowest.
    expect(review.lowestRated).toEqual([]);
  });

  it('shows another person only the reviews and lists they may read', async () => {
    const others = (await yearOf(bo)).body;
    expect(others.longestReview).toMatchObject({ title: expect.any(String), words: 5, album: { id: BLUE } });
    expect(others.listsMade.map((list: { title: string }) => list.title)).toEqual(['Night drives']);

    const own = (await yearOf(ana)).body;
    expect(own.longestReview).toMatchObject({ album: { id: MOON }, words: 12 });
    expect(own.listsMade.map((list: { title: string }) => list.title)).toEqual(['Night drives', 'Secret shelf']);
  });

  it('is another year’s own: last year holds one listen and nothing rated', async () => {
    const last = (await yearOf(bo, YEAR - 1)).body;
    expect(last).toMatchObject({ listens: 1, albumsRated: 0, songsRated: 0, peopleFollowed: 0, longestReview: null });
    expect(last.months[11]).toMatchObject({ month: 12, listens: 1 });
  });

  it('is refused where the profile is, and for a year that is not one', async () => {
    const cy = await createUser(t);
    expect((await as(ana, `/api/users/${cy.id}/block`, 'PUT')).status).toBe(200);
    const blocked = await as(cy, `/api/users/${ana.id}/year/${YEAR}`);
    // As the profile itself answers someone its owner blocked.
    expect(blocked.status).toBe(404);
    expect(blocked.body.error.message).toBe('This profile is not available');

    const locked = await as(ana, '/api/users/me/privacy', 'PUT', { locked: true, defaultAudience: 'public' });
    expect(locked.status).toBe(200);
    const signedOut = await yearOf(null);
    expect(signedOut.status).toBe(403);
    expect(signedOut.body.error.message).toBe('Only approved followers can see this');
    expect((await yearOf(ana)).status).toBe(200);
    await as(ana, '/api/users/me/privacy', 'PUT', { locked: false, defaultAudience: 'public' });

    for (const year of ['1999', '2101', 'twenty', '2026.5']) {
      const res = await as(bo, `/api/users/${ana.id}/year/${year}`);
      expect(res.status, year).toBe(400);
    }
    expect((await as(bo, `/api/users/nobody-here/year/${YEAR}`)).status).toBe(404);
  });
});
