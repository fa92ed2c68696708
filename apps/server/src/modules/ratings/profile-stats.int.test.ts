import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

// A profile's stats: what a person rated, counted with their album ratings as they
// count everywhere (ADR 21: the chosen one, else the songs' mean).

const DAMN = 'kendrick-lamar-damn';
const BUTTERFLY = 'kendrick-lamar-to-pimp-a-butterfly';
const OK_COMPUTER = 'radiohead-ok-computer';
const ABBEY_ROAD = 'the-beatles-abbey-road';
const KIND_OF_BLUE = 'miles-davis-kind-of-blue';

let t: TestApp;
let ana: TestUser;

const tracksOf = async (albumId: string): Promise<string[]> =>
  (await call(t, `/api/music/albums/${albumId}`)).body.tracks.map((track: Json) => track.id);
const artistOf = async (albumId: string): Promise<string> =>
  (await call(t, `/api/music/albums/${albumId}`)).body.artistId;

async function rateSongs(who: TestUser, albumId: string, ratings: number[]) {
  const tracks = await tracksOf(albumId);
  for (const [i, rating] of ratings.entries()) {
    const res = await call(t, `/api/albums/${albumId}/tracks/${tracks[i]}/rating`, {
      method: 'PUT',
      body: { rating },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(res.status).toBe(200);
  }
}

async function chooseRating(who: TestUser, albumId: string, rating: number) {
  const res = await call(t, `/api/albums/${albumId}/my-rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
  expect(res.status).toBe(200);
}

const stats = async (userId: string) => {
  const res = await call(t, `/api/users/${userId}/stats`);
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  ana = await createUser(t);
});
afterAll(async () => t.close());

describe("a profile's stats", () => {
  it('are zeros and empty lists for someone who rated nothing, with the day they joined', async () => {
    const body = await stats(ana.id);
    expect(body).toEqual({
      albumsRated: 0,
      songsRated: 0,
      averageRating: null,
      distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      topGenres: [],
      topArtists: [],
      joinedAt: expect.any(String),
    });
    const profile = await call(t, `/api/profiles/${ana.name}`);
    expect(body.joinedAt).toBe(profile.body.createdAt);
  });

  it('count albums by their album rating (chosen, else songs) and songs one by one', async () => {
    // DAMN.: 4★ and 5★, a mean of 4.5.
    await rateSongs(ana, DAMN, [8, 10]);
    // To Pimp a Butterfly: a 5★ song, but a chosen 3½★ is the album's rating.
    await rateSongs(ana, BUTTERFLY, [10]);
    await chooseRating(ana, BUTTERFLY, 7);
    // OK Computer: 4½★ and 4★, a mean of 4.25, kept as 4.3 (in the 4½ bucket).
    await rateSongs(ana, OK_COMPUTER, [9, 8]);
    // Abbey Road: a chosen 5★ and no song rated.
    await chooseRating(ana, ABBEY_ROAD, 10);
    // Kind of Blue: one song at 1★.
    await rateSongs(ana, KIND_OF_BLUE, [2]);

    const body = await stats(ana.id);
    expect(body.albumsRated).toBe(5);
    expect(body.songsRated).toBe(6);
    // (4.5 + 3.5 + 4.3 + 5 + 1) / 5 = 3.66.
    expect(body.averageRating).toBe(3.7);
    // ½★ … 5★: 1★ once, 3½★ once, 4½★ twice, 5★ once; as many as albums rated.
    expect(body.distribution).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 2, 1]);
    expect(body.distribution.reduce((sum: number, n: number) => sum + n, 0)).toBe(body.albumsRated);
  });

  it('list the top five genres and artists by albums rated, then average rating, then name', async () => {
    const body = await stats(ana.id);
    // Every genre of an album counts, as the charts' genre filter does: two albums each, the rock
    // pair's mean (4.3 and 5) above the hip-hop pair's (4.5 and 3.5), then by name.
    expect(body.topGenres).toEqual([
      { slug: 'art-rock', name: 'art rock', albums: 2, average: 4.7 },
      { slug: 'rock', name: 'rock', albums: 2, average: 4.7 },
      { slug: 'conscious-hip-hop', name: 'conscious hip-hop', albums: 2, average: 4 },
      { slug: 'hip-hop', name: 'hip-hop', albums: 2, average: 4 },
      { slug: 'west-coast-hip-hop', name: 'west coast hip-hop', albums: 2, average: 4 },
    ]);
    expect(body.topArtists).toEqual([
      { id: await artistOf(DAMN), name: 'Kendrick Lamar', albums: 2, average: 4 },
      { id: await artistOf(ABBEY_ROAD), name: 'The Beatles', albums: 1, average: 5 },
      { id: await artistOf(OK_COMPUTER), name: 'Radiohead', albums: 1, average: 4.3 },
      { id: await artistOf(KIND_OF_BLUE), name: 'Miles Davis', albums: 1, average: 1 },
    ]);
  });

  it('move when a rating is cleared, and count only their owner', async () => {
    const bo = await createUser(t);
    await rateSongs(bo, DAMN, [2]);
    const tracks = await tracksOf(KIND_OF_BLUE);
    const res = await call(t, `/api/albums/${KIND_OF_BLUE}/tracks/${tracks[0]}/rating`, {
      method: 'PUT',
      body: { rating: null },
      cookie: ana.cookie,
      ip: ana.ip,
    });
    expect(res.status).toBe(200);
    const body = await stats(ana.id);
    expect(body).toMatchObject({ albumsRated: 4, songsRated: 5, averageRating: 4.3 });
    expect(body.distribution).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 2, 1]);
    expect(body.topArtists.map((artist: Json) => artist.name)).not.toContain('Miles Davis');
    expect(await stats(bo.id)).toMatchObject({ albumsRated: 1, songsRated: 1, averageRating: 1 });
  });

  it('answer 404 for someone who does not exist, signed in or not', async () => {
    for (const id of ['no-such-user', 'x'.repeat(90)]) {
      const res = await call(t, `/api/users/${id}/stats`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    }
    const signedIn = await call(t, '/api/users/no-such-user/stats', { cookie: ana.cookie });
    expect(signedIn.status).toBe(404);
  });
});
