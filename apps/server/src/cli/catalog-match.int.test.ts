import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMatchLease } from '../modules/catalog/index.ts';
import { CoverArtClient, MusicBrainzClient } from '../modules/catalog/musicbrainz/musicbrainz.client.ts';
import { MusicBrainzCatalog } from '../modules/catalog/musicbrainz/musicbrainz.service.ts';
import { readSeedFiles } from '../modules/catalog/seed.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { type FakeMusicBrainz, releaseGroupsFor, startFakeMusicBrainz } from '../test/fake-musicbrainz.ts';
import { runCli } from '../test/run-cli.ts';
import { call } from '../test/users.ts';

/** `npm run cli -- catalog match` as an operator runs it, against the fake MusicBrainz (ADR 31). */

const groups = releaseGroupsFor(readSeedFiles());
const ALBUMS = ['miles-davis-kind-of-blue', 'the-beatles-abbey-road', 'radiohead-ok-computer'];

describe('npm run cli -- catalog match', () => {
  let fake: FakeMusicBrainz;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeMusicBrainz({ releaseGroups: groups, withArt: groups.map((g) => g.id), minIntervalMs: 1000 });
    t = await createTestApp();
    const { db } = t.database.handle;
    await db.updateTable('albums').set({ mb_checked_at: '2000-01-01T00:00:00.000Z' }).execute();
    await db.updateTable('albums').set({ mb_checked_at: null }).where('id', 'in', ALBUMS).execute();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** MUSICBRAINZ off: asked for by name, the matching runs anyway. */
  const cli = (args: string[]) => runCli(t, args, { MUSICBRAINZ_URL: fake.url, COVERART_URL: fake.url });

  it('matches with a progress bar and a summary, resumes where it stopped, then asks nothing', async () => {
    const first = await cli(['catalog', 'match', '--limit', '2']);
    expect(first.stderr).toContain('matching');
    expect(first.stderr).toContain('2/2 albums');
    expect(first.stdout.trim()).toBe('2 matched (2 with a Cover Art Archive cover), 0 unmatched, 0 failed');
    expect(first.code).toBe(0);

    // Each run paces only its own requests, one a second. The bundled CLI starts in less than that,
    // so the second run waits out the second after the first run's last request, as a person typing it would.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rest = await cli(['catalog', 'match']);
    expect(rest.stdout.trim()).toBe('1 matched (1 with a Cover Art Archive cover), 0 unmatched, 0 failed');
    // The production client's pace, one request a second.
    expect(fake.wsRequests()).toHaveLength(3);
    expect(fake.tooFast).toBe(0);
    expect(fake.minGapMs()).toBeGreaterThanOrEqual(1000);

    const again = await cli(['catalog', 'match']);
    expect(again.stdout.trim()).toBe('0 matched (0 with a Cover Art Archive cover), 0 unmatched, 0 failed');
    expect(fake.wsRequests()).toHaveLength(3);

    // The server serves the cover the CLI stored, once its read cache has forgotten the album.
    t.app.readCache.clear();
    for (const id of ALBUMS) {
      const album = (await call(t, `/api/music/albums/${id}`)).body as { imageUrl: string };
      expect(album.imageUrl, id).toMatch(/^\/api\/files\/covers\/.+\.webp$/);
      const res = await fetch(`${t.baseUrl}${album.imageUrl}`);
      expect([res.status, res.headers.get('content-type')], id).toEqual([200, 'image/webp']);
    }
    // Three CLI processes, each starting TypeScript through tsx.
  }, 90_000);

  it('refuses while another process holds the matching lease, and explains', async () => {
    const contact = 'http://liner.test';
    const catalog = new MusicBrainzCatalog({
      database: t.database.handle,
      files: t.app.files,
      client: new MusicBrainzClient({ baseUrl: fake.url, contact }),
      covers: new CoverArtClient({ baseUrl: fake.url, contact }),
      log: { warn: () => {} },
    });
    const result = await withMatchLease(catalog, () => cli(['catalog', 'match']));
    expect(result?.code).toBe(1);
    expect(result?.stderr).toContain('Another process is matching the catalogue');
  });

  it('refuses a bad --limit with the usage', async () => {
    const result = await cli(['catalog', 'match', '--limit', 'zero']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('catalog match [--limit <count>]');
  });
});
