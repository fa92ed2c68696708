import { AlbumDetailSchema, AlbumSearchResultSchema } from '@liner/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app.ts';
import {
  ARTIST,
  BROKEN,
  type FakeMusicBrainz,
  LANTERNS,
  NIGHTS,
  RADIO_EDIT,
  startFakeMusicBrainz,
} from '../../../test/fake-musicbrainz.ts';
import { call } from '../../../test/users.ts';
import { findAlbumInput, findTracks } from '../catalog.repository.ts';
import { CoverArtClient, MusicBrainzClient, MusicBrainzError } from './musicbrainz.client.ts';
import { importFromMusicBrainz } from './musicbrainz.import.ts';
import { MusicBrainzCatalog } from './musicbrainz.service.ts';

function mbEnv(fake: { url: string }): Record<string, string> {
  // The background matching has tests of its own (match.int.test.ts): here it would add requests.
  return { MUSICBRAINZ: 'on', MUSICBRAINZ_MATCH: 'off', MUSICBRAINZ_URL: fake.url, COVERART_URL: fake.url };
}

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await task();
  return { value, ms: performance.now() - started };
}

describe('MusicBrainz client', () => {
  let fake: FakeMusicBrainz;

  beforeAll(async () => {
    fake = await startFakeMusicBrainz();
  });
  afterAll(async () => {
    await fake.close();
  });

  function client(options: Partial<ConstructorParameters<typeof MusicBrainzClient>[0]> = {}) {
    return new MusicBrainzClient({ baseUrl: fake.url, contact: 'http://liner.test', ...options });
  }

  it('sends a descriptive User-Agent and JSON requests', async () => {
    fake.requests.length = 0;
    const answer = await client().searchReleaseGroups('lanterns', 5);
    expect(answer['release-groups']?.map((g) => g.id)).toEqual([LANTERNS.id]);
    expect(fake.requests[0]?.userAgent).toBe('liner/0.1 ( http://liner.test )');
    expect(fake.requests[0]?.query.get('fmt')).toBe('json');
    expect(fake.requests[0]?.query.get('limit')).toBe('5');
  });

  it('asks at most once a second', async () => {
    fake.requests.length = 0;
    const mb = client();
    const { ms } = await timed(() =>
      Promise.all([mb.searchReleaseGroups('quiet', 5), mb.releases(LANTERNS.id), mb.searchArtists('quiet', 1)]),
    );
    expect(ms).toBeGreaterThanOrEqual(2000 - 5);
    const at = fake.wsRequests().map((r) => r.at);
    expect(at).toHaveLength(3);
    for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('retries a 503 with back-off, at most three times', async () => {
    fake.requests.length = 0;
    fake.fail503 = 2;
    const mb = client({ intervalMs: 10, retryBaseMs: 50 });
    const { value, ms } = await timed(() => mb.releases(NIGHTS.id));
    expect(value.releases).toHaveLength(1);
    expect(fake.wsRequests()).toHaveLength(3);
    expect(ms).toBeGreaterThanOrEqual(150 - 5);

    fake.requests.length = 0;
    fake.fail503 = 10;
    await expect(mb.releases(NIGHTS.id)).rejects.toThrow(/503/);
    expect(fake.wsRequests()).toHaveLength(4);
    fake.fail503 = 0;
  });

  it('opens the circuit breaker after three failures in a row, and closes it after the pause', async () => {
    fake.requests.length = 0;
    fake.fail500 = true;
    const mb = client({ intervalMs: 10, breakerMs: 400 });
    for (let i = 0; i < 3; i++) await expect(mb.searchReleaseGroups('quiet', 5)).rejects.toThrow(/500/);
    expect(mb.open).toBe(true);
    await expect(mb.searchReleaseGroups('quiet', 5)).rejects.toThrow(/circuit breaker/);
    expect(fake.wsRequests()).toHaveLength(3);
    fake.fail500 = false;
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(mb.open).toBe(false);
    await expect(mb.searchReleaseGroups('quiet', 5)).resolves.toBeTruthy();
    expect(fake.wsRequests()).toHaveLength(4);
  });

  it('a 404 is an answer, not an outage', async () => {
    const mb = client({ intervalMs: 10, breakerThreshold: 1 });
    const error = await mb.get('/ws/2/nothing', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MusicBrainzError);
    expect(mb.open).toBe(false);
  });

  it('times out a slow answer', async () => {
    fake.delayMs = 1000;
    const mb = client({ timeoutMs: 200 });
    const { ms } = await timed(() => mb.searchReleaseGroups('quiet', 5).catch((e: unknown) => e));
    fake.delayMs = 0;
    expect(ms).toBeLessThan(900);
  });

  it('fetches a front cover through the redirect, and null when there is none', async () => {
    const covers = new CoverArtClient({ baseUrl: fake.url, contact: 'http://liner.test' });
    const bytes = await covers.front500(LANTERNS.id);
    expect((await sharp(bytes ?? Buffer.alloc(0)).metadata()).format).toBe('jpeg');
    expect(await covers.front500(NIGHTS.id)).toBeNull();
  });
});

describe('search-through, album pages and covers', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeMusicBrainz();
    t = await createTestApp({ env: mbEnv(fake) });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('adds MusicBrainz albums to a search with few local results', async () => {
    const res = await call(t, '/api/music/search?q=quiet%20harbour');
    expect(res.status).toBe(200);
    const body = AlbumSearchResultSchema.parse(res.body);
    const ids = body.albums.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([`mb-${LANTERNS.id}`, `mb-${NIGHTS.id}`, `mb-${BROKEN.id}`]));
    expect(ids).not.toContain(`mb-${RADIO_EDIT.id}`);
    const lanterns = body.albums.find((a) => a.id === `mb-${LANTERNS.id}`);
    expect(lanterns).toMatchObject({
      name: 'Lanterns Over Quiet Harbour',
      artistName: 'Quiet Harbour Ensemble & Mira Vale',
      releaseDate: '1998-05-04',
      genre: null,
      imageUrl: `/api/music/covers/mb-${LANTERNS.id}.svg?v=2`,
    });
    expect(body.total).toBe(ids.length);
    expect(fake.wsRequests()[0]?.userAgent).toBe(`liner/0.1 ( ${t.baseUrl} )`);
  });

  it('does not duplicate albums on a second search', async () => {
    const count = async () =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('albums')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('source', '=', 'musicbrainz')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(3);
    const again = AlbumSearchResultSchema.parse((await call(t, '/api/music/search?q=quiet%20harbour')).body);
    const ids = again.albums.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([`mb-${LANTERNS.id}`, `mb-${NIGHTS.id}`]));
    // Found locally now, and under another query's wording too.
    const other = AlbumSearchResultSchema.parse((await call(t, '/api/music/search?q=lanterns')).body);
    expect(other.albums.filter((a) => a.id === `mb-${LANTERNS.id}`)).toHaveLength(1);
    expect(await count()).toBe(3);
  });

  it('fetches and stores the track list and cover on the first view only', async () => {
    const releasesAsked = () => fake.wsRequests().filter((r) => r.path === '/ws/2/release').length;
    const before = releasesAsked();
    const res = await call(t, `/api/music/albums/mb-${LANTERNS.id}`);
    expect(res.status).toBe(200);
    const album = AlbumDetailSchema.parse(res.body);
    expect(album.tracks.map((track) => [track.position, track.name, track.durationMs])).toEqual([
      [1, 'First Lantern', 185_000],
      [2, 'Harbour Lights', 240_000],
      [3, 'Low Water', null],
      [4, 'Tide Table', 301_500],
    ]);
    expect(album.imageUrl).toMatch(new RegExp(`^/api/files/covers/mb-${LANTERNS.id}-[0-9a-f]{16}\\.webp$`));
    expect(releasesAsked()).toBe(before + 1);

    const second = AlbumDetailSchema.parse((await call(t, `/api/music/albums/mb-${LANTERNS.id}`)).body);
    expect(second.tracks).toHaveLength(4);
    expect(second.imageUrl).toBe(album.imageUrl);
    expect(releasesAsked()).toBe(before + 1);

    // Its tracks are searchable now.
    const songs = (await call(t, '/api/music/search?q=tide%20table&type=track')).body;
    expect(songs.tracks.map((s: { id: string }) => s.id)).toContain(`mb-${LANTERNS.id}-4`);
  });

  it('serves the stored cover same-origin as a 500×500 WebP', async () => {
    const album = (await call(t, `/api/music/albums/mb-${LANTERNS.id}`)).body;
    const res = await fetch(`${t.baseUrl}${album.imageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 500, 500]);
  });

  it('keeps the generated cover when the archive has none', async () => {
    const album = AlbumDetailSchema.parse((await call(t, `/api/music/albums/mb-${NIGHTS.id}`)).body);
    expect(album.tracks.map((track) => track.name)).toEqual(['Dusk', 'Midnight', 'Dawn']);
    expect(album.imageUrl).toBe(`/api/music/covers/mb-${NIGHTS.id}.svg?v=2`);
  });

  it('answers the album without tracks when its releases cannot be fetched', async () => {
    const res = await call(t, `/api/music/albums/mb-${BROKEN.id}`);
    expect(res.status).toBe(200);
    expect(AlbumDetailSchema.parse(res.body).tracks).toEqual([]);
  });

  it('leaves seed albums alone', async () => {
    const before = fake.wsRequests().length;
    const res = await call(t, '/api/music/albums/miles-davis-kind-of-blue');
    expect(res.status).toBe(200);
    expect(fake.wsRequests()).toHaveLength(before);
    // A full first page never asks MusicBrainz, nor does a later page.
    await call(t, '/api/music/search?q=the&limit=5');
    await call(t, '/api/music/search?q=zzzz%20nothing&offset=20');
    await call(t, '/api/music/search?q=zzzz%20nothing&type=track');
    expect(fake.wsRequests()).toHaveLength(before);
  });
});

describe('when MusicBrainz fails', () => {
  it('a local search answers quickly while MusicBrainz is down, and the breaker then skips it', async () => {
    const fake = await startFakeMusicBrainz();
    await fake.close();
    const t = await createTestApp({ env: mbEnv(fake) });
    try {
      for (const q of ['kind%20of%20blue', 'abbey%20road', 'dark%20side']) {
        const { value, ms } = await timed(() => call(t, `/api/music/search?q=${q}`));
        expect(value.status).toBe(200);
        expect(value.body.albums.length).toBeGreaterThan(0);
        expect(ms).toBeLessThan(6000);
      }
      const { value, ms } = await timed(() => call(t, '/api/music/search?q=so%20what'));
      expect(value.status).toBe(200);
      expect(ms).toBeLessThan(500);
    } finally {
      await t.close();
    }
  });

  it('the breaker stops asking a failing MusicBrainz', async () => {
    const fake = await startFakeMusicBrainz();
    fake.fail500 = true;
    const t = await createTestApp({ env: mbEnv(fake) });
    try {
      for (const q of ['kind%20of%20blue', 'abbey%20road', 'dark%20side']) {
        expect((await call(t, `/api/music/search?q=${q}`)).status).toBe(200);
      }
      expect(fake.wsRequests()).toHaveLength(3);
      const res = await call(t, '/api/music/search?q=quiet%20harbour');
      expect(res.body.albums).toEqual([]);
      expect(fake.wsRequests()).toHaveLength(3);
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('a local search answers within the budget when MusicBrainz is slow', async () => {
    const fake = await startFakeMusicBrainz();
    fake.delayMs = 7000;
    const t = await createTestApp({ env: mbEnv(fake) });
    try {
      const { value, ms } = await timed(() => call(t, '/api/music/search?q=kind%20of%20blue'));
      expect(value.status).toBe(200);
      expect(value.body.albums.map((a: { id: string }) => a.id)).toContain('miles-davis-kind-of-blue');
      expect(ms).toBeLessThan(6000);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});

describe('catalog import musicbrainz', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeMusicBrainz();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function catalog() {
    const contact = 'http://liner.test';
    return new MusicBrainzCatalog({
      database: t.database.handle,
      files: t.app.files,
      client: new MusicBrainzClient({ baseUrl: fake.url, contact, intervalMs: 10 }),
      covers: new CoverArtClient({ baseUrl: fake.url, contact }),
      log: { warn: () => {} },
    });
  }

  it("imports an artist's albums with tracks and covers, and is idempotent", async () => {
    const progress: Array<[number, number]> = [];
    const first = await importFromMusicBrainz(catalog(), { artist: 'quiet harbour ensemble' }, (done, total) =>
      progress.push([done, total]),
    );
    expect(first).toMatchObject({ artist: { id: ARTIST.id }, imported: 2, present: 0, empty: 0, failed: [] });
    expect(progress).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    const db = t.database.handle.db;
    expect(await findTracks(db, `mb-${LANTERNS.id}`)).toHaveLength(4);
    expect(await findTracks(db, `mb-${NIGHTS.id}`)).toHaveLength(3);
    expect((await findAlbumInput(db, `mb-${LANTERNS.id}`))?.coverUrl).toMatch(/^\/api\/files\/covers\//);

    const releasesAsked = fake.wsRequests().filter((r) => r.path === '/ws/2/release').length;
    const again = await importFromMusicBrainz(catalog(), { artist: ARTIST.id });
    expect(again).toMatchObject({ imported: 0, present: 2, failed: [] });
    expect(fake.wsRequests().filter((r) => r.path === '/ws/2/release')).toHaveLength(releasesAsked);
  });

  it('imports one release group by MBID and reports failures', async () => {
    expect(await importFromMusicBrainz(catalog(), { releaseGroup: NIGHTS.id })).toMatchObject({ present: 1 });
    const broken = await importFromMusicBrainz(catalog(), { releaseGroup: BROKEN.id });
    expect(broken.failed).toHaveLength(1);
    // The stub stays, to be completed on a later view or import.
    expect(await findAlbumInput(t.database.handle.db, `mb-${BROKEN.id}`)).toBeDefined();
    await expect(importFromMusicBrainz(catalog(), { releaseGroup: 'not-an-id' })).rejects.toThrow(
      /Not a MusicBrainz id/,
    );
    await expect(importFromMusicBrainz(catalog(), { artist: 'nobody at all' })).rejects.toThrow(
      /No MusicBrainz artist/,
    );
  });
});
