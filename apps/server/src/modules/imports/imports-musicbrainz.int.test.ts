import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  type FakeMusicBrainz,
  LANTERNS,
  NIGHTS,
  NIGHTS_RELEASES,
  startFakeMusicBrainz,
} from '../../test/fake-musicbrainz.ts';
import type { Json } from '../../test/http.ts';
import { fixtureMbid, listenBrainzZip, rymCsv } from '../../test/import-files/fixtures.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { MUSICBRAINZ_UNAVAILABLE, recordingUnknown } from './album-matcher.ts';
import { LOVED_LIST_TITLE } from './row-apply.ts';

/**
 * Imports through MusicBrainz search-through (ADR 38), against a local stand-in for
 * MusicBrainz: an album the catalogue lacks is found there with confidence and imported; a near
 * miss is offered, never taken; MusicBrainz down leaves rows to resolve; its pace is kept.
 */

let fake: FakeMusicBrainz;
let t: TestApp;

/**
 * "Midnight", out first on a compilation (2001), then on Quiet Harbour Nights (2003): the album it
 * is placed on is the studio album.
 */
const MIDNIGHT = fixtureMbid('recording:midnight');
const { score: _score, 'artist-credit': nightsCredit, ...nightsGroup } = NIGHTS;
const RECORDINGS = [
  {
    id: MIDNIGHT,
    title: 'Midnight',
    'artist-credit': nightsCredit,
    releases: [
      {
        id: fixtureMbid('release:harbour hits'),
        title: 'Harbour Hits',
        status: 'Official',
        'release-group': {
          id: fixtureMbid('release-group:harbour hits'),
          title: 'Harbour Hits',
          'primary-type': 'Album',
          'secondary-types': ['Compilation'],
          'first-release-date': '2001',
        },
      },
      { id: NIGHTS_RELEASES[0]?.id ?? '', title: NIGHTS.title, status: 'Official', 'release-group': nightsGroup },
    ],
  },
];

beforeAll(async () => {
  fake = await startFakeMusicBrainz({ minIntervalMs: 950, recordings: RECORDINGS });
  t = await createTestApp({
    env: { MUSICBRAINZ: 'on', MUSICBRAINZ_MATCH: 'off', MUSICBRAINZ_URL: fake.url, COVERART_URL: fake.url },
  });
  // The test reads the jobs itself.
  await t.app.imports.worker.stop();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function importRym(who: TestUser, bytes: Buffer, source = 'rym', fileName = `${source}.csv`) {
  const form = new FormData();
  form.append('source', source);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), fileName);
  const res = await fetch(`${t.baseUrl}/api/imports`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: t.baseUrl, 'x-forwarded-for': who.ip },
    body: form,
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await t.app.imports.worker.runJob(id);
  const job = (await call(t, `/api/imports/${id}`, { cookie: who.cookie, ip: who.ip })).body;
  const rows = (await call(t, `/api/imports/${id}/rows`, { cookie: who.cookie, ip: who.ip })).body.rows as Json[];
  return { job, rows };
}

describe('an album the catalogue lacks', () => {
  it('is found on MusicBrainz with confidence, stored and rated; a near miss is only offered', async () => {
    const ana = await createUser(t);
    fake.requests.length = 0;
    const { job, rows } = await importRym(
      ana,
      rymCsv([
        { lastName: 'Quiet Harbour Ensemble', title: 'Quiet Harbour Nights', year: 2003, rating: 8 },
        // The same album again: asked once.
        { lastName: 'Quiet Harbour Ensemble', title: 'Quiet Harbour Nights', year: 2003, rating: 9 },
        // Credited to a duo on MusicBrainz: the ensemble alone is not it.
        { lastName: 'Quiet Harbour Ensemble', title: 'Lanterns Over Quiet Harbour', year: 1998, rating: 6 },
      ]),
    );
    expect(job).toMatchObject({ status: 'done', matched: 2, unmatched: 1 });
    const nights = rows[0]?.album;
    expect(nights).toMatchObject({ name: NIGHTS.title, artistName: 'Quiet Harbour Ensemble' });
    const mine = (await call(t, `/api/albums/${nights.id}/my-ratings`, { cookie: ana.cookie, ip: ana.ip })).body;
    expect(mine).toMatchObject({ albumRating: 4.5, inCollection: true });
    const lanterns = rows[2] as Json;
    expect(lanterns).toMatchObject({ status: 'unmatched', album: null });
    expect(lanterns.candidates.map((c: Json) => c.name)).toContain(LANTERNS.title);
    // One search per distinct album, at MusicBrainz's pace (the fake refuses faster callers).
    expect(fake.wsRequests().filter((r) => r.query.has('query'))).toHaveLength(2);
    expect(fake.tooFast).toBe(0);
  });

  it('while MusicBrainz fails, is left to resolve with the reason, and nothing is written', async () => {
    const bo = await createUser(t);
    fake.fail500 = true;
    try {
      const { job, rows } = await importRym(
        bo,
        // Not stored by the test above, so only MusicBrainz could place it.
        rymCsv([{ lastName: 'Quiet Harbour Ensemble', title: 'Harbour Lights at Dawn', year: 2005, rating: 8 }]),
      );
      expect(job).toMatchObject({ status: 'done', matched: 0, unmatched: 1 });
      expect(rows[0]).toMatchObject({ status: 'unmatched', message: MUSICBRAINZ_UNAVAILABLE });
    } finally {
      fake.fail500 = false;
    }
    const rated = await t.database.handle.db
      .selectFrom('chosen_album_ratings')
      .select('album_id')
      .where('user_id', '=', bo.id)
      .execute();
    expect(rated).toEqual([]);
  });
});

describe('a listen that names its release', () => {
  /** lastfm.ghan.nl's "Recent Tracks" export, whose album_mbid is a release's MBID. */
  const scrobbles = (release: string) =>
    Buffer.from(
      [
        'uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid',
        `"1642277100","15 Jan 2022, 20:05","Quiet Harbour Ensemble","","Lanterns Over Quiet Harbour","${release}","Vinyl Side",""`,
      ].join('\n'),
    );

  it("is placed by that release's album, where the name alone is only offered (a duo's album)", async () => {
    const cy = await createUser(t);
    fake.requests.length = 0;
    const release = 'a0000000-0000-4000-8000-000000000003';
    const { job, rows } = await importRym(cy, scrobbles(release), 'lastfm');
    expect(job).toMatchObject({ status: 'done', matched: 1, unmatched: 0 });
    expect(rows[0]?.album).toMatchObject({ name: LANTERNS.title, artistName: 'Quiet Harbour Ensemble & Mira Vale' });
    const diary = (await call(t, `/api/users/${cy.id}/diary`)).body;
    expect(diary.entries.map((e: Json) => [e.album.name, e.listenedOn])).toEqual([[LANTERNS.title, '2022-01-15']]);
    // The release asked for once, and no search by name needed.
    expect(fake.wsRequests().map((r) => r.path)).toContain(`/ws/2/release/${release}`);
    expect(fake.wsRequests().filter((r) => r.query.has('query'))).toEqual([]);
    expect(fake.tooFast).toBe(0);
  });

  it('MusicBrainz does not know: matched by name as without an id, so only offered', async () => {
    const di = await createUser(t);
    const { job, rows } = await importRym(di, scrobbles('a0000000-0000-4000-8000-00000000dead'), 'lastfm');
    expect(job).toMatchObject({ status: 'done', matched: 0, unmatched: 1 });
    expect(rows[0]).toMatchObject({ status: 'unmatched', album: null });
    expect(rows[0]?.candidates.map((c: Json) => c.name)).toContain(LANTERNS.title);
  });
});

describe('a loved recording no listen names (ListenBrainz)', () => {
  it('is named by MusicBrainz and goes on the loved list from its studio album; an unknown one is listed', async () => {
    const ed = await createUser(t);
    const unknown = fixtureMbid('recording:nobody knows');
    const zip = listenBrainzZip({
      listens: [],
      feedback: [
        { recordingMbid: MIDNIGHT, score: 1 },
        { recordingMbid: unknown, score: 1 },
      ],
    });
    const { job, rows } = await importRym(ed, zip, 'listenbrainz', 'listenbrainz.zip');
    expect(job).toMatchObject({ status: 'done', matched: 1, unmatched: 0, errors: 1 });
    // The row shows the names MusicBrainz gave it.
    expect(rows[0]).toMatchObject({
      status: 'imported',
      artist: 'Quiet Harbour Ensemble',
      title: NIGHTS.title,
      summary: 'Loved “Midnight”',
      album: { name: NIGHTS.title },
    });
    expect(rows[1]).toMatchObject({
      status: 'error',
      summary: `Loved recording ${unknown}`,
      message: recordingUnknown.nowhere(unknown),
    });
    const loved = await t.database.handle.db
      .selectFrom('lists')
      .innerJoin('list_entries', 'list_entries.list_id', 'lists.id')
      .innerJoin('tracks', 'tracks.id', 'list_entries.track_id')
      .select(['lists.title', 'tracks.title as song'])
      .where('lists.user_id', '=', ed.id)
      .execute();
    expect(loved).toEqual([{ title: LOVED_LIST_TITLE, song: 'Midnight' }]);
  });

  it('while MusicBrainz fails, is listed with the reason', async () => {
    const fi = await createUser(t);
    fake.fail500 = true;
    try {
      const zip = listenBrainzZip({ listens: [], feedback: [{ recordingMbid: MIDNIGHT, score: 1 }] });
      const { job, rows } = await importRym(fi, zip, 'listenbrainz', 'listenbrainz.zip');
      expect(job).toMatchObject({ status: 'done', matched: 0, errors: 1 });
      expect(rows[0]).toMatchObject({ status: 'error', message: recordingUnknown.unavailable(MIDNIGHT) });
    } finally {
      fake.fail500 = false;
    }
  });
});
