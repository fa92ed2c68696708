import {
  AlbumDetailSchema,
  AlbumSearchResultSchema,
  AlbumSummarySchema,
  NewReleasesResultSchema,
  SEARCH_TOTAL_MAX,
  SongSchema,
  TrackSearchResultSchema,
} from '@liner/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CACHE_CONTROL } from '../../lib/cacheable.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { applyRatingDelta, findAlbumStats, findTrackStats } from '../ratings/ratings.repository.ts';
import type { CatalogAlbumInput } from './catalog.rows.ts';
import { saveAlbums } from './catalog-writes.repository.ts';
import { importAlbums, loadSeedCatalog, readSeedFiles } from './seed.ts';

let t: TestApp;

function fixture(id: string, overrides: Partial<CatalogAlbumInput> = {}): CatalogAlbumInput {
  return {
    id,
    title: `Fixture ${id}`,
    artistName: 'Fixture Band',
    releaseDate: '2001-01-01',
    genre: 'rock',
    popularity: 5,
    source: 'seed',
    tracks: [
      { title: 'First Song', durationMs: 185_000 },
      { title: 'Second Song', durationMs: 3_723_000 },
    ],
    ...overrides,
  };
}

const FIXTURES: CatalogAlbumInput[] = [
  fixture('fx-cafe', {
    title: 'Café Society',
    artistName: 'Zoë Ångström',
    tracks: [
      { title: 'Crème Brûlée', durationMs: 200_000 },
      { title: 'Naïve Melody', durationMs: null },
    ],
  }),
  // Ranking for "zephyr": exact title, title prefix, word in title, then artist / track matches by popularity.
  fixture('fx-z-word', { title: 'The Zephyr Suite', popularity: 40 }),
  fixture('fx-z-prefix', { title: 'Zephyr Lines', popularity: 2 }),
  fixture('fx-z-exact', { title: 'Zephyr', popularity: 1 }),
  fixture('fx-z-track', {
    title: 'Breezes',
    popularity: 50,
    tracks: [{ title: 'Zephyr Dance', durationMs: 100_000 }],
  }),
  fixture('fx-z-artist', { title: 'Gusts', artistName: 'Zephyr Kane', popularity: 45 }),
  fixture('fx-escape', { title: `<Tom & "Jerry's"> </svg>`, artistName: 'AC/DC & <b>Friends</b>' }),
  fixture('fx-future', { title: 'Not Out Yet', releaseDate: '2999-01-01' }),
  fixture('fx-undated', { title: 'Undated Demos', releaseDate: null }),
  fixture('fx-rated-high', { title: 'Quiet Gem', popularity: 3 }),
  fixture('fx-rated-low', { title: 'Loud Flop', popularity: 97 }),
  fixture('fx-stats', { title: 'Stats Album', popularity: 4 }),
];

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect } = t.database.handle;
  await db.transaction().execute((trx) => saveAlbums(trx, dialect, FIXTURES, { mode: 'skip' }));
});
afterAll(async () => t.close());

/**
 * A rating written beneath the services, as the repository tests need: what the ratings service
 * does after a write, the test does too (the read cache forgets the answers it made stale).
 */
async function rateBeneathServices(...args: Parameters<typeof applyRatingDelta>) {
  await applyRatingDelta(...args);
  t.app.readCache.clear();
}

async function get(path: string, headers: Record<string, string> = {}) {
  return call(t, path, { headers });
}

async function searchNames(query: string): Promise<string[]> {
  const res = await get(`/api/music/search?${query}`);
  expect(res.status).toBe(200);
  return res.body.albums.map((a: Json) => a.name);
}

describe('the seed', () => {
  it('is loaded into an empty database at start-up, once', async () => {
    const seed = readSeedFiles();
    expect(seed.length).toBeGreaterThan(100);
    const res = await get('/api/music/albums/miles-davis-kind-of-blue');
    expect(res.status).toBe(200);
    // A second start-up leaves a catalogue alone.
    expect(await loadSeedCatalog(t.database.handle)).toBe(0);
  });

  it('gives albums their type, genres, track count and runtime', async () => {
    const kind = (await get('/api/music/albums/miles-davis-kind-of-blue')).body;
    expect(kind).toMatchObject({
      type: 'album',
      genre: 'jazz',
      artistId: 'miles-davis',
      trackCount: 5,
      runtimeMs: (9 * 60 + 22 + 9 * 60 + 46 + 5 * 60 + 37 + 11 * 60 + 33 + 9 * 60 + 26) * 1000,
      listeners: { count: 0, average: null },
    });
    expect(kind.genres[0]).toEqual({ slug: 'jazz', name: 'jazz' });
    expect(kind.genres.length).toBeGreaterThan(1);
    const seed = readSeedFiles();
    expect(seed.some((album) => album.type === 'live')).toBe(true);
    for (const album of seed) expect(album.genres?.[0], album.id).toBe(album.genre);
  });

  it('rewrites the seed albums here once when the bundled files changed, and adds none', async () => {
    const { db } = t.database.handle;
    // As an install from before migration 013 (catalogue depth) was: no genres beyond the main one, an unknown version.
    await db
      .deleteFrom('album_genres')
      .where('album_id', '=', 'miles-davis-kind-of-blue')
      .where('position', '>', 0)
      .execute();
    await db
      .updateTable('albums')
      .set({ primary_type: 'single' })
      .where('id', '=', 'miles-davis-kind-of-blue')
      .execute();
    await db.deleteFrom('albums').where('id', '=', 'burning-spear-marcus-garvey').execute();
    await db.updateTable('instance_settings').set({ value: 'older' }).where('key', '=', 'seed_version').execute();
    t.app.readCache.clear();

    expect(await loadSeedCatalog(t.database.handle)).toBe(0);
    t.app.readCache.clear();
    const kind = (await get('/api/music/albums/miles-davis-kind-of-blue')).body;
    expect(kind.type).toBe('album');
    expect(kind.genres.length).toBeGreaterThan(1);
    // An album the host removed stays removed; fixtures of other sources are untouched.
    expect((await get('/api/music/albums/burning-spear-marcus-garvey')).status).toBe(404);
    expect((await get('/api/music/albums/fx-stats')).status).toBe(200);
    // Once per version: the next start does nothing.
    await db.updateTable('albums').set({ primary_type: 'ep' }).where('id', '=', 'miles-davis-kind-of-blue').execute();
    expect(await loadSeedCatalog(t.database.handle)).toBe(0);
    const row = await db
      .selectFrom('albums')
      .select('primary_type')
      .where('id', '=', 'miles-davis-kind-of-blue')
      .executeTakeFirstOrThrow();
    expect(row.primary_type).toBe('ep');
    await db
      .updateTable('albums')
      .set({ primary_type: 'album' })
      .where('id', '=', 'miles-davis-kind-of-blue')
      .execute();
  });
});

describe('GET /api/music/albums/:id', () => {
  it('answers the album with its tracks in order and cache headers', async () => {
    const res = await get('/api/music/albums/miles-davis-kind-of-blue');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    const album = AlbumDetailSchema.parse(res.body);
    expect(album).toMatchObject({
      id: 'miles-davis-kind-of-blue',
      name: 'Kind of Blue',
      artistName: 'Miles Davis',
      releaseDate: '1959-08-17',
      genre: 'jazz',
      imageUrl: '/api/music/covers/miles-davis-kind-of-blue.svg?v=2',
      community: { ratingsCount: 0, average: null },
    });
    expect(album.tracks.map((track) => track.name)).toEqual([
      'So What',
      'Freddie Freeloader',
      'Blue in Green',
      'All Blues',
      'Flamenco Sketches',
    ]);
    expect(album.tracks[0]).toEqual({
      id: 'miles-davis-kind-of-blue-1',
      name: 'So What',
      position: 1,
      duration_formatted: '9:22',
      durationMs: 562_000,
    });
  });

  it('formats long and unknown durations', async () => {
    const fx = (await get('/api/music/albums/fx-stats')).body;
    expect(fx.tracks.map((track: Json) => track.duration_formatted)).toEqual(['3:05', '1:02:03']);
    const cafe = (await get('/api/music/albums/fx-cafe')).body;
    expect(cafe.tracks[1]).toMatchObject({ name: 'Naïve Melody', duration_formatted: '', durationMs: null });
  });

  it('answers 404 for an unknown album, without cache headers', async () => {
    for (const id of ['no-such-album', 'x'.repeat(100), encodeURIComponent('../etc/passwd')]) {
      const res = await get(`/api/music/albums/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'ALBUM_NOT_FOUND', message: 'Album not found' } });
      expect(res.response.headers.get('cache-control')).toBeNull();
    }
  });
});

describe('GET /api/music/new-releases', () => {
  it('lists released albums newest first, 20 by default', async () => {
    const res = await get('/api/music/new-releases');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    const { albums } = NewReleasesResultSchema.parse(res.body);
    expect(albums).toHaveLength(20);
    expect(albums[0]?.id).toBe('sabrina-carpenter-short-n-sweet');
    const dates = albums.map((a) => a.releaseDate ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const ids = albums.map((a) => a.id);
    expect(ids).not.toContain('fx-future');
    expect(ids).not.toContain('fx-undated');
  });

  it('pages with limit and offset', async () => {
    const all = (await get('/api/music/new-releases?limit=10')).body.albums.map((a: Json) => a.id);
    const first = (await get('/api/music/new-releases?limit=4')).body.albums.map((a: Json) => a.id);
    const second = (await get('/api/music/new-releases?limit=4&offset=4')).body.albums.map((a: Json) => a.id);
    expect([...first, ...second]).toEqual(all.slice(0, 8));
    expect((await get('/api/music/new-releases?limit=50&offset=10000')).body).toEqual({ albums: [] });
  });

  it('refuses bad paging with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit must be a whole number from 1 to 50'],
      ['limit=51', 'limit must be a whole number from 1 to 50'],
      ['limit=abc', 'limit must be a whole number from 1 to 50'],
      ['limit=2.5', 'limit must be a whole number from 1 to 50'],
      ['offset=-1', 'offset must be a whole number from 0 to 10000'],
      ['offset=10001', 'offset must be a whole number from 0 to 10000'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/music/new-releases?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
  });
});

describe('GET /api/music/search', () => {
  it('finds albums by a partial title, in any case', async () => {
    for (const q of ['dark sid', 'DARK SIDE', 'the dark side of the moon', 'moon dark']) {
      expect(await searchNames(`q=${encodeURIComponent(q)}`)).toContain('The Dark Side of the Moon');
    }
  });

  it('ignores accents both ways', async () => {
    expect(await searchNames('q=bjork')).toEqual(['Homogenic']);
    expect(await searchNames(`q=${encodeURIComponent('BJÖRK')}`)).toEqual(['Homogenic']);
    expect(await searchNames('q=cafe')).toEqual(['Café Society']);
    expect(await searchNames(`q=${encodeURIComponent('café')}`)).toEqual(['Café Society']);
    expect(await searchNames('q=zoe%20angstrom')).toEqual(['Café Society']);
    expect(await searchNames('q=creme%20brulee')).toEqual(['Café Society']);
    expect(await searchNames('q=motorhead')).toEqual(['Ace of Spades']);
  });

  it('finds albums by artist name and by track title', async () => {
    expect(await searchNames('q=pink%20floyd')).toEqual(['The Dark Side of the Moon']);
    expect(await searchNames('q=freddie%20freeloader')).toEqual(['Kind of Blue']);
  });

  it('puts exact and prefix title matches first, then popularity', async () => {
    const res = await get('/api/music/search?q=zephyr');
    expect(AlbumSearchResultSchema.parse(res.body).albums.map((a) => a.id)).toEqual([
      'fx-z-exact',
      'fx-z-prefix',
      'fx-z-word',
      'fx-z-track',
      'fx-z-artist',
    ]);
    expect(res.body.total).toBe(5);
    expect(res.response.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
  });

  it('searches artists only with type=artist', async () => {
    const res = await get('/api/music/search?q=zephyr&type=artist');
    expect(res.body).toEqual({
      albums: [expect.objectContaining({ id: 'fx-z-artist', name: 'Gusts', artistName: 'Zephyr Kane' })],
      total: 1,
    });
    expect(await searchNames('q=floyd&type=artist')).toEqual(['The Dark Side of the Moon']);
    expect(await searchNames('q=moon&type=artist')).toEqual([]);
  });

  it('lists songs with type=track', async () => {
    const res = await get('/api/music/search?q=so%20what&type=track');
    expect(res.status).toBe(200);
    const { tracks, total } = TrackSearchResultSchema.parse(res.body);
    expect(tracks[0]).toEqual({
      id: 'miles-davis-kind-of-blue-1',
      title: 'So What',
      artist: 'Miles Davis',
      artistId: 'miles-davis',
      img: '/api/music/covers/miles-davis-kind-of-blue.svg?v=2',
      albumId: 'miles-davis-kind-of-blue',
    });
    expect(total).toBe(tracks.length);
    const zephyr = (await get('/api/music/search?q=zephyr%20dance&type=track')).body;
    expect(zephyr).toEqual({
      tracks: [expect.objectContaining({ title: 'Zephyr Dance', albumId: 'fx-z-track' })],
      total: 1,
    });
    const accents = (await get('/api/music/search?q=naive%20mel&type=track')).body;
    expect(accents.tracks.map((s: Json) => s.title)).toEqual(['Naïve Melody']);
  });

  it('pages with limit and offset and counts every match', async () => {
    const all = (await get('/api/music/search?q=song&limit=50')).body;
    expect(all.total).toBeGreaterThan(8);
    expect(all.total).toBeLessThanOrEqual(SEARCH_TOTAL_MAX);
    const first = (await get('/api/music/search?q=song&limit=3')).body;
    const second = (await get('/api/music/search?q=song&limit=3&offset=3')).body;
    expect(first.albums).toHaveLength(3);
    expect([...first.albums, ...second.albums].map((a: Json) => a.id)).toEqual(
      all.albums.slice(0, 6).map((a: Json) => a.id),
    );
    expect(second.total).toBe(all.total);
    // Twenty by default.
    const defaults = (await get('/api/music/search?q=song')).body;
    expect(defaults.albums).toHaveLength(Math.min(20, all.total));
    const past = (await get('/api/music/search?q=song&offset=10000')).body;
    expect(past).toEqual({ albums: [], total: all.total });
  });

  it('finds nothing, without error, for words that match nothing or nothing searchable', async () => {
    expect((await get('/api/music/search?q=qwxzvbnm')).body).toEqual({ albums: [], total: 0 });
    expect((await get('/api/music/search?q=%21%21%21%20%2A%22')).body).toEqual({ albums: [], total: 0 });
    expect((await get('/api/music/search?q=%25&type=track')).body).toEqual({ tracks: [], total: 0 });
  });

  it('refuses bad parameters with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['', 'Search term is required'],
      ['q=', 'Search term cannot be empty'],
      ['q=%20%20%20', 'Search term cannot be empty'],
      [`q=${'a'.repeat(201)}`, 'Search term must be 200 characters or less'],
      ['q=a&q=b', 'Search term must be a single value'],
      ['q=jazz&type=playlist', 'type must be album, track or artist'],
      ['q=jazz&limit=0', 'limit must be a whole number from 1 to 50'],
      ['q=jazz&limit=51', 'limit must be a whole number from 1 to 50'],
      ['q=jazz&offset=x', 'offset must be a whole number from 0 to 10000'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/music/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
    // Surrounding spaces are not part of the term; 200 characters is allowed.
    expect((await get(`/api/music/search?q=${encodeURIComponent('  dark side  ')}`)).body.total).toBe(1);
    expect((await get(`/api/music/search?q=${'a'.repeat(200)}`)).status).toBe(200);
  });
});

describe('rating totals and the top lists', () => {
  it('applyRatingDelta adds, changes and clears one rating in both totals', async () => {
    const db = t.database.handle.db;
    const albumId = 'fx-stats';
    const trackId = 'fx-stats-1';
    await rateBeneathServices(db, { albumId, trackId, oldRating: null, newRating: 8 });
    await rateBeneathServices(db, { albumId, trackId: 'fx-stats-2', oldRating: null, newRating: 7 });
    expect(await findAlbumStats(db, albumId)).toMatchObject({ album_id: albumId, ratings_count: 2, ratings_sum: 15 });
    expect(await findTrackStats(db, trackId)).toEqual({
      track_id: trackId,
      album_id: albumId,
      ratings_count: 1,
      ratings_sum: 8,
    });
    // 15 half stars over 2 ratings: 3.75 stars, shown with one decimal.
    expect((await get(`/api/music/albums/${albumId}`)).body.community).toEqual({ ratingsCount: 2, average: 3.8 });

    await rateBeneathServices(db, { albumId, trackId, oldRating: 8, newRating: 3 });
    expect(await findAlbumStats(db, albumId)).toMatchObject({ ratings_count: 2, ratings_sum: 10 });
    expect(await findTrackStats(db, trackId)).toMatchObject({ ratings_count: 1, ratings_sum: 3 });

    await rateBeneathServices(db, { albumId, trackId, oldRating: 3, newRating: null });
    await rateBeneathServices(db, { albumId, trackId: 'fx-stats-2', oldRating: 7, newRating: null });
    expect(await findAlbumStats(db, albumId)).toMatchObject({ ratings_count: 0, ratings_sum: 0 });
    expect(await findTrackStats(db, trackId)).toMatchObject({ ratings_count: 0, ratings_sum: 0 });
    expect((await get(`/api/music/albums/${albumId}`)).body.community).toEqual({ ratingsCount: 0, average: null });

    // Nothing changes, nothing is written.
    await rateBeneathServices(db, { albumId, trackId, oldRating: 5, newRating: 5 });
    expect(await findAlbumStats(db, albumId)).toMatchObject({ ratings_count: 0, ratings_sum: 0 });
  });

  it('applyRatingDelta refuses ratings outside 1–10 and totals below zero', async () => {
    const db = t.database.handle.db;
    const base = { albumId: 'fx-stats', trackId: 'fx-stats-1' };
    await expect(applyRatingDelta(db, { ...base, oldRating: null, newRating: 11 })).rejects.toThrow('Invalid rating');
    await expect(applyRatingDelta(db, { ...base, oldRating: null, newRating: 0 })).rejects.toThrow('Invalid rating');
    await expect(applyRatingDelta(db, { ...base, oldRating: null, newRating: 2.5 })).rejects.toThrow('Invalid rating');
    await expect(applyRatingDelta(db, { ...base, oldRating: 4, newRating: null })).rejects.toThrow();
    await expect(
      applyRatingDelta(db, { albumId: 'fx-cafe', trackId: 'fx-cafe-1', oldRating: 4, newRating: null }),
    ).rejects.toThrow('No rating totals');
    expect(await findAlbumStats(db, 'fx-stats')).toMatchObject({ ratings_count: 0, ratings_sum: 0 });
  });

  it('top albums: 100, by popularity while nobody has rated', async () => {
    const res = await get('/api/music/top-albums');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    const albums = res.body.map((a: Json) => AlbumSummarySchema.parse(a));
    expect(albums).toHaveLength(100);
    expect(new Set(albums.map((a: Json) => a.id)).size).toBe(100);
    expect(albums[0].id).toBe('pink-floyd-the-dark-side-of-the-moon');
    expect(albums.map((a: Json) => a.id)).toContain('fx-rated-low');
    expect(albums.map((a: Json) => a.id)).not.toContain('fx-rated-high');
  });

  it('top songs: 50 opening tracks of the most popular albums while nobody has rated', async () => {
    const res = await get('/api/music/top-songs');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    const songs = res.body.map((s: Json) => SongSchema.parse(s));
    expect(songs).toHaveLength(50);
    expect(songs[0]).toEqual({
      id: 'pink-floyd-the-dark-side-of-the-moon-1',
      title: 'Speak to Me',
      artist: 'Pink Floyd',
      artistId: 'pink-floyd',
      img: '/api/music/covers/pink-floyd-the-dark-side-of-the-moon.svg?v=2',
      albumId: 'pink-floyd-the-dark-side-of-the-moon',
    });
    expect(new Set(songs.map((s: Json) => s.albumId)).size).toBe(50);
  });

  it('rank by listeners once an album has enough of them (3), the most popular after', async () => {
    const rateFirstSong = async (who: TestUser, albumId: string, rating: number) => {
      const res = await call(t, `/api/albums/${albumId}/tracks/${albumId}-1/rating`, {
        method: 'PUT',
        body: { rating },
        cookie: who.cookie,
        ip: who.ip,
      });
      expect(res.status).toBe(200);
    };
    const people = await Promise.all([1, 2, 3].map(() => createUser(t)));
    // Three people love an obscure album; one person hates a popular one.
    for (const who of people) await rateFirstSong(who, 'fx-rated-high', 10);
    await rateFirstSong(people[0] as TestUser, 'fx-rated-low', 2);
    const albums = (await get('/api/music/top-albums')).body.map((a: Json) => a.id);
    expect(albums).toHaveLength(100);
    expect(albums[0]).toBe('fx-rated-high');
    // The rest keep their popularity order: one listener is not enough to move an album.
    expect(albums[1]).toBe('pink-floyd-the-dark-side-of-the-moon');
    expect(albums).toContain('fx-rated-low');

    const songs = (await get('/api/music/top-songs')).body;
    expect(songs[0]).toMatchObject({ id: 'fx-rated-high-1', albumId: 'fx-rated-high', title: 'First Song' });
    expect(songs).toHaveLength(50);
  });
});

describe('GET /api/music/covers/:albumId.svg', () => {
  it('serves a deterministic SVG cached for a year, with an ETag', async () => {
    const res = await get('/api/music/covers/miles-davis-kind-of-blue.svg?v=2');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.response.headers.get('etag');
    expect(etag).toMatch(/^"c2-[\w-]+"$/);
    expect(res.body).toContain('viewBox="0 0 600 600"');
    // The card shows the title and artist; the art carries no text.
    expect(res.body).not.toContain('Kind of Blue');
    expect(res.body).not.toContain('<text');
    const again = await get('/api/music/covers/miles-davis-kind-of-blue.svg');
    expect(again.body).toBe(res.body);
    expect(again.response.headers.get('etag')).toBe(etag);
    const other = await get('/api/music/covers/bjork-homogenic.svg?v=2');
    expect(other.response.headers.get('etag')).not.toBe(etag);

    const cached = await get('/api/music/covers/miles-davis-kind-of-blue.svg?v=2', { 'if-none-match': etag ?? '' });
    expect(cached.status).toBe(304);
    expect(cached.body).toBeNull();
  });

  it('puts nothing of a hostile title or artist in the art, and renders as an image', async () => {
    const res = await get('/api/music/covers/fx-escape.svg?v=2');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('Tom');
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('Friends');
    expect(res.body.match(/<\/svg>/g)).toHaveLength(1);
    const png = await sharp(Buffer.from(res.body)).png().toBuffer();
    expect((await sharp(png).metadata()).width).toBe(600);
  });

  it('answers 404 for an unknown album or a path that is not an SVG', async () => {
    for (const path of ['/api/music/covers/no-such-album.svg', '/api/music/covers/miles-davis-kind-of-blue.png']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: { code: 'ALBUM_NOT_FOUND', message: 'Album not found' } });
    }
  });
});

describe('importing albums', () => {
  it('skips or updates existing ids, and search follows the update', async () => {
    const handle = t.database.handle;
    const original = fixture('fx-import', { title: 'Quokka Parade', popularity: 10 });
    expect(await importAlbums(handle, [original], { mode: 'skip' })).toEqual({ inserted: 1, updated: 0, skipped: 0 });
    expect(await importAlbums(handle, [original], { mode: 'skip' })).toEqual({ inserted: 0, updated: 0, skipped: 1 });
    expect(await searchNames('q=quokka')).toEqual(['Quokka Parade']);

    const renamed = fixture('fx-import', {
      title: 'Wombat March',
      popularity: 80,
      tracks: [{ title: 'Only Track', durationMs: 60_000 }],
    });
    expect(await importAlbums(handle, [renamed], { mode: 'update' })).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    // An import is the CLI's write, seen by a running server once its read cache's answers expire.
    t.app.readCache.clear();
    expect(await searchNames('q=quokka')).toEqual([]);
    expect(await searchNames('q=wombat')).toEqual(['Wombat March']);
    expect(
      (await get('/api/music/search?q=second%20song&type=track')).body.tracks.map((s: Json) => s.id),
    ).not.toContain('fx-import-2');
    const album = (await get('/api/music/albums/fx-import')).body;
    expect(album.name).toBe('Wombat March');
    expect(album.tracks.map((track: Json) => track.name)).toEqual(['Only Track']);
  });

  it("ranks songs by their album's popularity, and follows a change of it", async () => {
    const handle = t.database.handle;
    const song = (id: string, popularity: number) =>
      fixture(id, { title: `Album ${id}`, popularity, tracks: [{ title: 'Numbat Waltz', durationMs: 90_000 }] });
    await importAlbums(handle, [song('fx-numbat-a', 30), song('fx-numbat-b', 60)], { mode: 'skip' });
    const order = async () =>
      (await get('/api/music/search?q=numbat&type=track')).body.tracks.map((s: Json) => s.albumId);
    expect(await order()).toEqual(['fx-numbat-b', 'fx-numbat-a']);

    await importAlbums(handle, [song('fx-numbat-a', 90)], { mode: 'update' });
    t.app.readCache.clear();
    expect(await order()).toEqual(['fx-numbat-a', 'fx-numbat-b']);
  });
});
