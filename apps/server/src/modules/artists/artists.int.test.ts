import { ARTIST_TOP_SONGS } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { importAlbums } from '../catalog/index.ts';

let t: TestApp;
let fans: TestUser[];

const artist = async (id: string) => call(t, `/api/artists/${encodeURIComponent(id)}`);
const tracksOf = async (albumId: string): Promise<string[]> =>
  (await call(t, `/api/music/albums/${albumId}`)).body.tracks.map((track: Json) => track.id);

async function rate(who: TestUser, albumId: string, trackId: string, rating: number) {
  const res = await call(t, `/api/albums/${albumId}/tracks/${trackId}/rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  fans = await Promise.all([1, 2, 3].map(() => createUser(t)));
  // An EP, a live record and an undated album beside Kendrick Lamar's three studio albums.
  const extra = (id: string, title: string, type: 'ep' | 'live' | 'album', releaseDate: string | null) => ({
    id,
    title,
    artistName: 'Kendrick Lamar',
    releaseDate,
    genre: 'hip-hop',
    popularity: 10,
    source: 'seed' as const,
    type,
    tracks: [{ title: `${title} One`, durationMs: 180_000 }],
  });
  await importAlbums(
    t.database.handle,
    [
      extra('kendrick-test-ep', 'Test EP', 'ep', '2010-01-01'),
      extra('kendrick-test-live', 'Live Somewhere', 'live', '2018-06-01'),
      extra('kendrick-test-undated', 'Undated Tape', 'album', null),
    ],
    { mode: 'skip' },
  );
});
afterAll(async () => t.close());

describe('artist pages', () => {
  it("group an artist's discography by type, each oldest first, undated last, with cards that link back", async () => {
    const res = await artist('kendrick-lamar');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'kendrick-lamar', name: 'Kendrick Lamar', mbid: null });
    const groups = res.body.discography.map((group: Json) => [group.type, group.albums.map((a: Json) => a.id)]);
    expect(groups).toEqual([
      [
        'album',
        [
          'kendrick-lamar-good-kid-maad-city',
          'kendrick-lamar-to-pimp-a-butterfly',
          'kendrick-lamar-damn',
          'kendrick-test-undated',
        ],
      ],
      ['ep', ['kendrick-test-ep']],
      ['live', ['kendrick-test-live']],
    ]);
    const card = res.body.discography[0].albums[0];
    expect(card).toMatchObject({
      name: 'good kid, m.A.A.d city',
      artistName: 'Kendrick Lamar',
      artistId: 'kendrick-lamar',
      releaseDate: '2012-10-22',
      listeners: { count: 0, average: null },
    });
    expect(res.body.topSongs).toEqual([]);
  });

  it('rank top songs by the charts’ rule: three good ratings beat one perfect one', async () => {
    const [first, second, third] = fans as [TestUser, TestUser, TestUser];
    const damn = await tracksOf('kendrick-lamar-damn');
    const butterfly = await tracksOf('kendrick-lamar-to-pimp-a-butterfly');
    const goodKid = await tracksOf('kendrick-lamar-good-kid-maad-city');
    // A site whose songs average 3½ stars: the prior pulls a lone rating towards that.
    for (const fan of [first, second, third])
      await rate(fan, 'kendrick-lamar-good-kid-maad-city', goodKid[0] as string, 4);
    await rate(first, 'kendrick-lamar-damn', damn[0] as string, 10);
    for (const fan of [first, second, third])
      await rate(fan, 'kendrick-lamar-to-pimp-a-butterfly', butterfly[1] as string, 9);
    const res = await artist('kendrick-lamar');
    expect(res.body.topSongs.slice(0, 2)).toEqual([
      {
        id: butterfly[1],
        title: expect.any(String),
        albumId: 'kendrick-lamar-to-pimp-a-butterfly',
        albumName: 'To Pimp a Butterfly',
        imageUrl: expect.stringContaining('kendrick-lamar-to-pimp-a-butterfly'),
        listeners: { count: 3, average: 4.5 },
      },
      expect.objectContaining({ id: damn[0], listeners: { count: 1, average: 5 } }),
    ]);
    expect(res.body.topSongs.length).toBeLessThanOrEqual(ARTIST_TOP_SONGS);
    // The album card moved with the ratings: the cached page was forgotten.
    const butterflyCard = res.body.discography[0].albums.find(
      (a: Json) => a.id === 'kendrick-lamar-to-pimp-a-butterfly',
    );
    expect(butterflyCard.listeners).toEqual({ count: 3, average: 4.5 });
  });

  it('say "Artist not found" for an unknown, overlong or odd id, and change nothing', async () => {
    for (const id of ['no-such-artist', 'x'.repeat(90), "'; drop table artists; --", '%00']) {
      const res = await artist(id);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'ARTIST_NOT_FOUND', message: 'Artist not found' });
    }
    // Past the longest id any artist has, the address itself is refused before any lookup.
    expect([400, 404, 414]).toContain((await artist('x'.repeat(300))).status);
    expect((await artist('kendrick-lamar')).status).toBe(200);
  });

  it('are what every album card and song links to: artistId is on summaries, songs and library entries', async () => {
    const [first] = fans as [TestUser];
    const top = (await call(t, '/api/music/top-albums')).body;
    for (const album of top.slice(0, 20)) {
      expect((await artist(album.artistId)).status, album.artistId).toBe(200);
    }
    const songs = (await call(t, '/api/music/top-songs')).body;
    expect(songs[0].artistId).toEqual(expect.any(String));
    const search = (await call(t, '/api/music/search?q=damn')).body;
    expect(search.albums[0]).toMatchObject({ artistId: 'kendrick-lamar', listeners: expect.any(Object) });
    const added = await call(t, '/api/users/me/collection', {
      body: { albumId: 'kendrick-lamar-damn' },
      cookie: first.cookie,
      ip: first.ip,
    });
    expect(added.status).toBeLessThan(300);
    const collection = (await call(t, '/api/users/me/collection', { cookie: first.cookie, ip: first.ip })).body;
    expect(collection[0]).toMatchObject({
      id: 'kendrick-lamar-damn',
      artistId: 'kendrick-lamar',
      releaseDate: '2017-04-14',
      listeners: { count: 1, average: 5 },
    });
  });
});
