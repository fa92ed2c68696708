import { AlbumDetailSchema } from '@liner/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-app.ts';
import {
  ARTIST,
  type FakeMusicBrainz,
  fakeMbid,
  LANTERNS,
  NIGHTS,
  releaseGroupsFor,
  startFakeMusicBrainz,
} from '../../../test/fake-musicbrainz.ts';
import { call } from '../../../test/users.ts';
import type { CatalogAlbumInput } from '../catalog.rows.ts';
import { importAlbums, readSeedFiles } from '../seed.ts';
import { matchCatalog, withMatchLease } from './match.ts';
import { coverKeys, MatchJob } from './match-job.ts';
import { CoverArtClient, type MbReleaseGroup, MusicBrainzClient } from './musicbrainz.client.ts';
import { MusicBrainzCatalog } from './musicbrainz.service.ts';

/** `catalog match` and its background job against the fake MusicBrainz and Cover Art Archive (ADR 31). */

const seed = readSeedFiles();
const seedGroups = releaseGroupsFor(seed);
const GENERATED = /^\/api\/music\/covers\/.+\.svg\?v=\d+$/;
const STORED = /^\/api\/files\/covers\/.+\.webp$/;

function catalogFor(
  t: TestApp,
  fake: FakeMusicBrainz,
  client: Partial<ConstructorParameters<typeof MusicBrainzClient>[0]> = {},
): MusicBrainzCatalog {
  const contact = 'http://liner.test';
  return new MusicBrainzCatalog({
    database: t.database.handle,
    files: t.app.files,
    // Tests ask as fast as the fake answers; production keeps the client's 1.25 s (asserted below).
    client: new MusicBrainzClient({ baseUrl: fake.url, contact, intervalMs: 0, retryBaseMs: 1, ...client }),
    covers: new CoverArtClient({ baseUrl: fake.url, contact }),
    log: { warn: () => {} },
  });
}

const searches = (fake: FakeMusicBrainz) =>
  fake.wsRequests().filter((r) => r.path === '/ws/2/release-group' && r.query.has('query'));

async function albumRow(t: TestApp, id: string) {
  return t.database.handle.db
    .selectFrom('albums')
    .innerJoin('artists', 'artists.id', 'albums.artist_id')
    .select(['albums.mbid', 'albums.cover_url', 'albums.mb_checked_at', 'artists.mbid as artist_mbid'])
    .where('albums.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Marks every seed album but these as looked up already, so a test runs on its own albums. */
async function onlyPending(t: TestApp, ids: string[]): Promise<void> {
  await t.database.handle.db
    .updateTable('albums')
    .set({ mb_checked_at: '2000-01-01T00:00:00.000Z' })
    .where('id', 'not in', ids)
    .execute();
  await t.database.handle.db.updateTable('albums').set({ mb_checked_at: null }).where('id', 'in', ids).execute();
}

function seedAlbum(id: string, title: string, artistName: string, releaseDate: string | null): CatalogAlbumInput {
  return {
    id,
    title,
    artistName,
    releaseDate,
    genre: 'folk',
    popularity: 10,
    source: 'seed',
    tracks: [{ title: 'Only Song', durationMs: 200_000 }],
  };
}

async function imageAt(t: TestApp, url: string) {
  const res = await fetch(`${t.baseUrl}${url}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes };
}

describe('catalog match over the bundled catalogue', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeMusicBrainz({ releaseGroups: seedGroups, withArt: seedGroups.map((g) => g.id) });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('gives every seed album its MBID, its artist’s MBID and a real cover served from our origin, resuming after an interruption', async () => {
    const abbey = 'the-beatles-abbey-road';
    // Cached with its generated cover: matching must make that answer stale.
    const before = AlbumDetailSchema.parse((await call(t, `/api/music/albums/${abbey}`)).body);
    expect(before.imageUrl).toMatch(GENERATED);
    const onChanged = (id: string) => t.app.readCache.invalidate(...coverKeys(id));
    const catalog = catalogFor(t, fake);

    const first = await matchCatalog(catalog, { limit: 5, onChanged });
    expect(first).toEqual({ matched: 5, unmatched: 0, failed: 0, covers: 5, outage: false });

    // Interrupted (Ctrl-C in the CLI, the app closing for the job) after two more albums.
    const interrupt = new AbortController();
    const second = await matchCatalog(catalog, {
      signal: interrupt.signal,
      onChanged,
      onProgress: (done) => done === 2 && interrupt.abort(),
    });
    expect(second.matched).toBe(2);

    const progress: Array<[number, number]> = [];
    const rest = await matchCatalog(catalog, { onChanged, onProgress: (done, total) => progress.push([done, total]) });
    expect(rest).toEqual({
      matched: seed.length - 7,
      unmatched: 0,
      failed: 0,
      covers: seed.length - 7,
      outage: false,
    });
    expect(progress[0]).toEqual([0, seed.length - 7]);
    expect(progress.at(-1)).toEqual([seed.length - 7, seed.length - 7]);
    // Each album asked about once over the three runs.
    const asked = searches(fake).map((r) => r.query.get('query'));
    expect(asked).toHaveLength(seed.length);
    expect(new Set(asked).size).toBe(seed.length);

    const { db } = t.database.handle;
    const rows = await db.selectFrom('albums').select(['id', 'mbid', 'cover_url', 'mb_checked_at']).execute();
    for (const album of seed) {
      const row = rows.find((r) => r.id === album.id);
      expect(row?.mbid, album.id).toBe(fakeMbid(`release-group:${album.id}`));
      expect(row?.cover_url, album.id).toMatch(STORED);
      expect(row?.mb_checked_at, album.id).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(await albumRow(t, abbey)).toMatchObject({ artist_mbid: fakeMbid('artist:The Beatles') });

    const after = AlbumDetailSchema.parse((await call(t, `/api/music/albums/${abbey}`)).body);
    expect(after.imageUrl).toMatch(STORED);
    const image = await imageAt(t, after.imageUrl);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\//);
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 500, 500]);
    // 160 covers re-encoded: seconds alone, longer beside a busy suite.
  }, 120_000);

  it('a second run asks MusicBrainz nothing about albums already done', async () => {
    const asked = fake.requests.length;
    expect(await matchCatalog(catalogFor(t, fake))).toEqual({
      matched: 0,
      unmatched: 0,
      failed: 0,
      covers: 0,
      outage: false,
    });
    expect(fake.requests).toHaveLength(asked);
  });
});

/** Two release groups of one title: the single scores higher, the album is the album. */
const TIDAL_SINGLE: MbReleaseGroup = {
  id: '5f466245-8c1c-4f2c-9c9c-c9cb48a8c032',
  score: 100,
  title: 'Tidal Clock',
  'primary-type': 'Single',
  'first-release-date': '2005-02-01',
  'artist-credit': [{ name: ARTIST.name, joinphrase: '', artist: ARTIST }],
};
const TIDAL_ALBUM: MbReleaseGroup = {
  ...TIDAL_SINGLE,
  id: '6a577356-9d2d-4a3d-8dad-dadc59b9d143',
  score: 50,
  'primary-type': 'Album',
};

describe('catalog match takes only confident matches', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeMusicBrainz({ releaseGroups: [TIDAL_SINGLE, TIDAL_ALBUM] });
    t = await createTestApp();
    await importAlbums(
      t.database.handle,
      [
        // NIGHTS, 2003, one credited artist, no front art in the archive.
        seedAlbum('qh-nights', 'Quiet Harbour Nights', 'Quiet Harbour Ensemble', '2003-01-01'),
        // LANTERNS is 1998-05-04: a year apart is the same album, fourteen is not.
        seedAlbum('qh-lanterns', 'Lanterns Over Quiet Harbour', 'Quiet Harbour Ensemble & Mira Vale', '1999'),
        seedAlbum('qh-lanterns-2012', 'Lanterns over Quiet Harbour', 'Quiet Harbour Ensemble & Mira Vale', '2012'),
        // The same title by someone else: the fake answers NIGHTS, by the Ensemble.
        seedAlbum('tribute-nights', 'Quiet Harbour Nights', 'Harbour Tribute Band', '2003'),
        seedAlbum('qh-tidal-clock', 'Tidal Clock', 'Quiet Harbour Ensemble', '2005'),
      ],
      { mode: 'skip' },
    );
    await onlyPending(t, ['qh-nights', 'qh-lanterns', 'qh-lanterns-2012', 'tribute-nights', 'qh-tidal-clock']);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('matches title, artist and year, prefers the same type, and records the rest as unmatched', async () => {
    const summary = await matchCatalog(catalogFor(t, fake));
    expect(summary).toEqual({ matched: 3, unmatched: 2, failed: 0, covers: 1, outage: false });

    expect(await albumRow(t, 'qh-nights')).toMatchObject({ mbid: NIGHTS.id, cover_url: null, artist_mbid: ARTIST.id });
    // A credit of two artists gives neither's MBID to the pair.
    expect(await albumRow(t, 'qh-lanterns')).toMatchObject({ mbid: LANTERNS.id, artist_mbid: null });
    expect((await albumRow(t, 'qh-lanterns')).cover_url).toMatch(STORED);
    expect(await albumRow(t, 'qh-tidal-clock')).toMatchObject({ mbid: TIDAL_ALBUM.id, cover_url: null });
    for (const id of ['qh-lanterns-2012', 'tribute-nights']) {
      const row = await albumRow(t, id);
      expect(row, id).toMatchObject({ mbid: null, cover_url: null, artist_mbid: null });
      expect(row.mb_checked_at, id).not.toBeNull();
    }
  });

  it('keeps the generated cover when the archive has no front image', async () => {
    const album = AlbumDetailSchema.parse((await call(t, '/api/music/albums/qh-nights')).body);
    expect(album.imageUrl).toMatch(GENERATED);
    const image = await imageAt(t, album.imageUrl);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\/svg\+xml/);
    // Unmatched albums are not asked about again either.
    const asked = fake.requests.length;
    expect((await matchCatalog(catalogFor(t, fake))).unmatched).toBe(0);
    expect(fake.requests).toHaveLength(asked);
  });
});

describe('catalog match when MusicBrainz or the archive fails', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;
  const ids = ['qh-nights', 'qh-lanterns', 'qh-tidal-clock', 'qh-nights-2', 'qh-nights-3'];

  beforeAll(async () => {
    fake = await startFakeMusicBrainz({ releaseGroups: [TIDAL_ALBUM] });
    t = await createTestApp();
    await importAlbums(
      t.database.handle,
      [
        seedAlbum('qh-nights', 'Quiet Harbour Nights', 'Quiet Harbour Ensemble', '2003'),
        seedAlbum('qh-lanterns', 'Lanterns Over Quiet Harbour', 'Quiet Harbour Ensemble & Mira Vale', '1998'),
        seedAlbum('qh-tidal-clock', 'Tidal Clock', 'Quiet Harbour Ensemble', '2005'),
        seedAlbum('qh-nights-2', 'Quiet Harbour Nights', 'Quiet Harbour Ensemble', '2004'),
        seedAlbum('qh-nights-3', 'Quiet Harbour Nights', 'Quiet Harbour Ensemble', '2002'),
      ],
      { mode: 'skip' },
    );
    await onlyPending(t, ids);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const pending = async () =>
    (
      await t.database.handle.db
        .selectFrom('albums')
        .select('id')
        .where('id', 'in', ids)
        .where('mb_checked_at', 'is', null)
        .execute()
    ).length;

  it('a MusicBrainz answering 503 leaves every album unattempted, and the run stops without throwing', async () => {
    fake.fail503 = 1000;
    const catalog = catalogFor(t, fake, { maxRetries: 1 });
    const summary = await matchCatalog(catalog);
    fake.fail503 = 0;
    expect(summary).toMatchObject({ matched: 0, unmatched: 0, failed: 3, outage: true });
    // Three failures in a row: the run stopped there, and the breaker keeps the client quiet.
    expect(searches(fake)).toHaveLength(6);
    expect(catalog.client.open).toBe(true);
    expect(await pending()).toBe(ids.length);
  });

  it('an archive failing leaves the album to be asked again; a later run finishes the job', async () => {
    fake.coverFail500 = true;
    const failing = await matchCatalog(catalogFor(t, fake));
    fake.coverFail500 = false;
    // Lanterns has art, and the archive failed: nothing recorded. The others have none (404).
    expect(failing).toMatchObject({ failed: 1, outage: false });
    expect(await albumRow(t, 'qh-lanterns')).toMatchObject({ mbid: null, cover_url: null, mb_checked_at: null });
    expect(await pending()).toBe(1);

    const retry = await matchCatalog(catalogFor(t, fake));
    expect(retry).toEqual({ matched: 1, unmatched: 0, failed: 0, covers: 1, outage: false });
    expect((await albumRow(t, 'qh-lanterns')).cover_url).toMatch(STORED);
    expect(await pending()).toBe(0);
  });
});

describe('catalog match at MusicBrainz’s pace', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;
  const three = [...seed].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, 3);

  beforeAll(async () => {
    fake = await startFakeMusicBrainz({ releaseGroups: seedGroups, minIntervalMs: 1000 });
    t = await createTestApp();
    await onlyPending(
      t,
      three.map((a) => a.id),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('asks at most once a second with the production client (asserted by the fake)', async () => {
    const summary = await matchCatalog(catalogFor(t, fake, { intervalMs: undefined }));
    expect(summary).toMatchObject({ matched: 3, failed: 0 });
    expect(fake.wsRequests()).toHaveLength(3);
    expect(fake.tooFast).toBe(0);
    expect(fake.minGapMs()).toBeGreaterThanOrEqual(1000);
    // The fake does refuse a client that asks faster.
    const hasty = catalogFor(t, fake, { maxRetries: 0 }).client;
    await expect(hasty.searchReleaseGroups('blue', 1)).rejects.toThrow(/503/);
    expect(fake.tooFast).toBe(1);
  });
});

describe('the background matching job', () => {
  it('runs after start-up without holding up /api/health, shows new covers at once, and stops when the app closes', async () => {
    const fake = await startFakeMusicBrainz({
      releaseGroups: seedGroups,
      withArt: seedGroups.map((g) => g.id),
      minIntervalMs: 1000,
    });
    const t = await createTestApp({
      env: { MUSICBRAINZ: 'on', MUSICBRAINZ_URL: fake.url, COVERART_URL: fake.url },
    });
    try {
      // The job takes the most popular first (then by id).
      const order = [...seed].sort((a, b) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1));
      const secondId = order[1]?.id ?? '';
      // Asked before the job reaches it (one album a second): cached with the generated cover.
      const before = AlbumDetailSchema.parse((await call(t, `/api/music/albums/${secondId}`)).body);
      expect(before.imageUrl).toMatch(GENERATED);
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expect((await call(t, '/api/health')).status).toBe(200);
        expect(performance.now() - started).toBeLessThan(500);
      }
      await expect.poll(async () => (await albumRow(t, secondId)).mb_checked_at, { timeout: 8000 }).not.toBeNull();
      const after = AlbumDetailSchema.parse((await call(t, `/api/music/albums/${secondId}`)).body);
      expect(after.imageUrl).toMatch(STORED);
      expect(fake.tooFast).toBe(0);
    } finally {
      const started = performance.now();
      await t.close();
      // Closing ends the job between two requests, or cuts the current one short.
      expect(performance.now() - started).toBeLessThan(3000);
    }
    const asked = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.requests).toHaveLength(asked);
    await fake.close();
  });

  it('runs on one instance at a time: while another holds the lease it asks nothing, then takes over', async () => {
    const fake = await startFakeMusicBrainz({ releaseGroups: seedGroups });
    const t = await createTestApp();
    const ids = ['miles-davis-kind-of-blue', 'the-beatles-abbey-road'];
    try {
      await onlyPending(t, ids);
      const job = new MatchJob({
        catalog: catalogFor(t, fake),
        log: { info: () => {}, warn: () => {} },
        leaseWaitMs: 50,
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Another instance's job, holding the lease until released.
      const other = withMatchLease(catalogFor(t, fake), () => held);
      await new Promise((resolve) => setTimeout(resolve, 20));
      job.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fake.requests).toHaveLength(0);
      // The CLI is refused the lease too.
      expect(await withMatchLease(catalogFor(t, fake), async () => 'ran')).toBeNull();
      release();
      await other;
      await job.finished;
      expect(job.totals).toMatchObject({ matched: 2, failed: 0 });
      for (const id of ids) expect((await albumRow(t, id)).mbid, id).toBe(fakeMbid(`release-group:${id}`));
      await job.stop();
    } finally {
      await t.close();
      await fake.close();
    }
  });

  it('pauses on an outage instead of failing, leaves the albums pending, and stops at once while paused', async () => {
    const fake = await startFakeMusicBrainz();
    await fake.close();
    const t = await createTestApp();
    const warnings: string[] = [];
    try {
      await onlyPending(t, ['miles-davis-kind-of-blue', 'the-beatles-abbey-road', 'radiohead-ok-computer']);
      const job = new MatchJob({
        catalog: catalogFor(t, fake),
        log: { info: () => {}, warn: (_details, message) => warnings.push(message) },
        backoffMs: 60_000,
      });
      job.start();
      await expect.poll(() => warnings.some((w) => w.includes('paused')), { timeout: 5000 }).toBe(true);
      expect((await call(t, '/api/health')).status).toBe(200);
      const started = performance.now();
      await job.stop();
      expect(performance.now() - started).toBeLessThan(500);
      expect(job.totals).toMatchObject({ matched: 0, unmatched: 0, failed: 3 });
      const pending = await sql<{ n: number | string }>`select count(*) as n from albums
        where mb_checked_at is null`.execute(t.database.handle.db);
      expect(Number(pending.rows[0]?.n)).toBe(3);
    } finally {
      await t.close();
    }
  });
});
