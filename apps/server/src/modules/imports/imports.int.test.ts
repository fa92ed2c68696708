import { IMPORT_MAX_BYTES, IMPORT_RUNNING, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '../../lib/search-text.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import {
  type KnownAlbum,
  lastfmCsv,
  listenBrainzZip,
  messyLastfmExport,
  messyListenBrainzExport,
  messyRymExport,
  rymCsv,
} from '../../test/import-files/fixtures.ts';
import { call, createUser, nextIp, type TestUser } from '../../test/users.ts';
import { REVIEW_CUT } from './formats/clean-row.ts';
import type { ParsedRow } from './formats/types.ts';
import { ImportWorker } from './import-worker.ts';

/**
 * Imports through real HTTP on the seeded catalogue, on SQLite and PostgreSQL: what
 * each file writes, what a second import of it writes (nothing), an import cut short and taken up
 * by another process, rows resolved and skipped by hand, and every refusal.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
  // The tests read jobs themselves, step by step; the app's own background reader would race them.
  await t.app.imports.worker.stop();
});
afterAll(async () => t.close());

const db = () => t.database.handle.db;

async function upload(who: TestUser, source: string | null, bytes: Buffer, fileName = 'export.csv') {
  const form = new FormData();
  if (source !== null) form.append('source', source);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), fileName);
  const res = await fetch(`${t.baseUrl}/api/imports`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: t.baseUrl, 'x-forwarded-for': who.ip },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Uploads and reads the whole file, as the server's background reader would. */
async function importFile(who: TestUser, source: string, bytes: Buffer) {
  const res = await upload(who, source, bytes);
  expect(res.status).toBe(201);
  await t.app.imports.worker.runJob(res.body.id);
  return (await call(t, `/api/imports/${res.body.id}`, { cookie: who.cookie, ip: who.ip })).body;
}

async function rows(who: TestUser, jobId: string, status?: string) {
  const all: Json[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) });
    const res = await call(t, `/api/imports/${jobId}/rows?${query}`, { cookie: who.cookie, ip: who.ip });
    expect(res.status).toBe(200);
    all.push(...res.body.rows);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all;
}

/** Everything an import can write for a person, counted: a second import must leave it equal. */
async function footprint(userId: string) {
  const count = async (table: 'chosen_album_ratings' | 'collection_entries' | 'rate_later' | 'listens' | 'posts') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const { n: listenSongs } = await db()
    .selectFrom('listen_songs')
    .innerJoin('listens', 'listens.id', 'listen_songs.listen_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('listens.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    ratings: await count('chosen_album_ratings'),
    collection: await count('collection_entries'),
    rateLater: await count('rate_later'),
    listens: await count('listens'),
    listenSongs: Number(listenSongs),
    posts: await count('posts'),
  };
}

/** album_stats' listener totals against a count from the ratings themselves (migration 013's formula). */
async function listenerTotalsDrift(): Promise<unknown[]> {
  const effective = sql`(
    select r.user_id, r.album_id, coalesce(c.rating_tenths, r.rating_tenths) as tenths
      from album_ratings r
      left join chosen_album_ratings c on c.user_id = r.user_id and c.album_id = r.album_id
    union all
    select c.user_id, c.album_id, c.rating_tenths as tenths
      from chosen_album_ratings c
      where not exists (select 1 from album_ratings r where r.user_id = c.user_id and r.album_id = c.album_id)
  )`;
  const { rows: drift } = await sql`
    select s.album_id, s.listeners, s.listener_tenths, coalesce(e.n, 0) as n, coalesce(e.total, 0) as total
      from album_stats s
      left join (select album_id, count(*) as n, sum(tenths) as total from ${effective} x group by album_id) e
        on e.album_id = s.album_id
     where s.listeners <> coalesce(e.n, 0) or s.listener_tenths <> coalesce(e.total, 0)`.execute(db());
  return drift;
}

const KIND_OF_BLUE = { artist: 'Miles Davis', title: 'Kind of Blue', year: 1959, id: 'miles-davis-kind-of-blue' };
const KOLN = { artist: 'Keith Jarrett', title: 'The Köln Concert', year: 1975, id: 'keith-jarrett-the-koln-concert' };
const GETZ = {
  artist: 'Stan Getz & João Gilberto',
  title: 'Getz/Gilberto',
  year: 1964,
  id: 'stan-getz-and-joao-gilberto-getz-gilberto',
};
const OK_COMPUTER = { artist: 'Radiohead', title: 'OK Computer', year: 1997, id: 'radiohead-ok-computer' };
const HEAD_HUNTERS = { artist: 'Herbie Hancock', title: 'Head Hunters', year: 1973, id: 'herbie-hancock-head-hunters' };

/** A small RYM export whose every row has a known outcome. */
function smallRymExport() {
  return rymCsv(
    [
      // A band: empty first name. Rated 9/10 with a review holding a comma, quotes and a newline.
      {
        lastName: 'Radiohead',
        title: 'OK Computer',
        year: 1997,
        rating: 9,
        ownership: 'o',
        review: 'Paranoid, "android"\nand more',
      },
      // A person: first and last name.
      { firstName: 'Miles', lastName: 'Davis', title: 'Kind of Blue', year: 1959, rating: 10 },
      // Accents and an entity-escaped ampersand, matched by folding.
      { firstName: 'Keith', lastName: 'Jarrett', title: 'The Koln Concert', year: 1975, rating: 7 },
      { lastName: 'Stan Getz & João Gilberto', title: 'Getz/Gilberto', year: 1964, rating: 8 },
      // The same album again with another rating: the later row wins.
      { firstName: 'Keith', lastName: 'Jarrett', title: 'The Köln Concert', year: 1975, rating: 8 },
      // Wishlisted, not rated: Rate Later.
      { firstName: 'Herbie', lastName: 'Hancock', title: 'Head Hunters', year: 1973, rating: 0, ownership: 'w' },
      // Not in the catalogue (and MusicBrainz is off here): left to resolve.
      { lastName: 'Nobody Knows Us', title: 'Imaginary Record', year: 2001, rating: 6 },
      // Bad rows: a rating out of range, no title.
      { lastName: 'Radiohead', title: 'Kid A', year: 2000, rating: 11 },
      { lastName: 'Radiohead', title: '', year: 2000, rating: 6 },
    ],
    { withReviews: true },
  );
}

describe('a RateYourMusic export', () => {
  it('becomes album ratings, collection entries with reviews and Rate Later entries; the rest is listed', async () => {
    const ana = await createUser(t);
    const job = await importFile(ana, 'rym', smallRymExport());
    expect(job).toMatchObject({ source: 'rym', status: 'done', totalRows: 9, doneRows: 9, errors: 2, unmatched: 1 });
    expect(job.matched).toBe(6);

    const mine = async (albumId: string) =>
      (await call(t, `/api/albums/${albumId}/my-ratings`, { cookie: ana.cookie, ip: ana.ip })).body;
    expect(await mine(OK_COMPUTER.id)).toMatchObject({ albumRating: 4.5, albumRatingChosen: true, inCollection: true });
    expect(await mine(KIND_OF_BLUE.id)).toMatchObject({ albumRating: 5, inCollection: true });
    // The later of two rows for one album wins.
    expect(await mine(KOLN.id)).toMatchObject({ albumRating: 4 });
    expect(await mine(GETZ.id)).toMatchObject({ albumRating: 4 });
    expect(await mine(HEAD_HUNTERS.id)).toMatchObject({ albumRating: null, inCollection: false, inRateLater: true });

    // The review is a review post, text intact, on the album's page.
    const posts = (await call(t, `/api/users/${ana.id}/posts`, { cookie: ana.cookie, ip: ana.ip })).body;
    const reviews = (posts.posts ?? posts).filter((p: Json) => p.type === 'review');
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ content: 'Paranoid, "android"\nand more', rating: 4.5 });

    // No feed news for each imported rating.
    const feed = await db().selectFrom('activities').select('id').where('user_id', '=', ana.id).execute();
    expect(feed).toEqual([]);

    const unmatched = await rows(ana, job.id, 'unmatched');
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0]).toMatchObject({ artist: 'Nobody Knows Us', title: 'Imaginary Record', year: 2001 });
    expect(unmatched[0].summary).toBe('Rated 3 stars');
    const errors = await rows(ana, job.id, 'error');
    // Lines of the file: the header is line 1 and the first review spans lines 2 and 3.
    expect(errors.map((row: Json) => row.line)).toEqual([10, 11]);
    expect(errors.every((row: Json) => typeof row.message === 'string' && row.message.length > 0)).toBe(true);

    // The profile's stats count the imported ratings.
    const stats = (await call(t, `/api/users/${ana.id}/stats`)).body;
    expect(stats.albumsRated).toBe(4);
    expect(await listenerTotalsDrift()).toEqual([]);
  });

  it('imported twice changes nothing the second time', async () => {
    const bo = await createUser(t);
    const first = await importFile(bo, 'rym', smallRymExport());
    const before = await footprint(bo.id);
    const community = (await call(t, `/api/albums/${OK_COMPUTER.id}/community`)).body;
    const second = await importFile(bo, 'rym', smallRymExport());
    expect(second).toMatchObject({
      status: 'done',
      matched: first.matched,
      errors: first.errors,
      unmatched: first.unmatched,
    });
    expect(await footprint(bo.id)).toEqual(before);
    expect((await call(t, `/api/albums/${OK_COMPUTER.id}/community`)).body).toEqual(community);
    expect(await listenerTotalsDrift()).toEqual([]);
  });

  it('cut short and left by a process that died, is taken up by another one where it stopped', async () => {
    const bytes = rymCsv(
      Array.from({ length: 40 }, (_, i) => ({
        lastName: i % 2 ? 'Radiohead' : 'Miles Davis',
        title: i % 2 ? 'OK Computer' : 'Kind of Blue',
        rating: (i % 10) + 1,
      })).concat([{ lastName: 'Herbie Hancock', title: 'Head Hunters', rating: 6 }]),
    );
    const clean = await createUser(t);
    await importFile(clean, 'rym', bytes);

    const cy = await createUser(t);
    const res = await upload(cy, 'rym', bytes);
    const dying = new ImportWorker(db(), t.app.imports.service, { info() {}, warn() {} }, { leaseMs: 60_000 });
    expect(await dying.runJob(res.body.id, { maxRows: 17 })).toBe('left');
    // As if the process died holding its lease: nobody else may take the job until it lapses.
    await db()
      .updateTable('import_jobs')
      .set({ lease_holder: dying.holder, lease_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', res.body.id)
      .execute();
    const next = new ImportWorker(db(), t.app.imports.service, { info() {}, warn() {} });
    expect(await next.runJob(res.body.id)).toBe('held');
    let job = (await call(t, `/api/imports/${res.body.id}`, { cookie: cy.cookie, ip: cy.ip })).body;
    expect(job).toMatchObject({ status: 'running', doneRows: 17 });
    // The lease lapses: the job is anyone's again, and it resumes at row 18.
    await db()
      .updateTable('import_jobs')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', res.body.id)
      .execute();
    expect(await next.runWaiting()).toBe(true);
    job = (await call(t, `/api/imports/${res.body.id}`, { cookie: cy.cookie, ip: cy.ip })).body;
    expect(job).toMatchObject({ status: 'done', doneRows: 41, matched: 41, unmatched: 0 });
    // Exactly what an uninterrupted import wrote.
    expect(await footprint(cy.id)).toEqual(await footprint(clean.id));
    expect(await listenerTotalsDrift()).toEqual([]);
  });

  it('cuts a review longer than 2,000 characters to the limit and says so on the row, keeping the rating', async () => {
    const ray = await createUser(t);
    const long = `${'Ünïcödé 🎷 '.repeat(300)}end`;
    const job = await importFile(
      ray,
      'rym',
      rymCsv([{ lastName: 'Radiohead', title: 'OK Computer', rating: 7, review: long }], { withReviews: true }),
    );
    expect(job).toMatchObject({ matched: 1, errors: 0 });
    const [row] = await rows(ray, job.id, 'imported');
    expect(row.message).toBe(REVIEW_CUT);
    const [post] = (await call(t, `/api/users/${ray.id}/posts`)).body.posts as Json[];
    const content = String(post?.content);
    expect([...content].length).toBe(2000);
    expect(content.endsWith('…')).toBe(true);
    expect(content.startsWith('Ünïcödé 🎷 Ünïcödé')).toBe(true);
  });
});

describe('resolving rows by hand', () => {
  it('imports an unmatched row into the chosen album, once; skipping leaves it out', async () => {
    const dee = await createUser(t);
    const job = await importFile(
      dee,
      'rym',
      rymCsv([
        { lastName: 'Miles Davies', title: 'Kind Of Blue (Legacy Edition)', year: 1959, rating: 8 },
        { lastName: 'Nobody Knows Us', title: 'Imaginary Record', rating: 4 },
        // The same album again: resolved with the first.
        { lastName: 'Miles Davies', title: 'Kind Of Blue (Legacy Edition)', year: 1959, rating: 9 },
      ]),
    );
    expect(job).toMatchObject({ matched: 0, unmatched: 3 });
    const [first, second, third] = await rows(dee, job.id, 'unmatched');
    // The album it may be is offered.
    expect(first.candidates.map((c: Json) => c.id)).toContain(KIND_OF_BLUE.id);

    const as = (who: TestUser, path: string, body?: unknown) =>
      call(t, `/api/imports/${job.id}/rows/${path}`, { method: 'POST', body, cookie: who.cookie, ip: who.ip });
    const resolved = await as(dee, `${first.rowNumber}/resolve`, { albumId: KIND_OF_BLUE.id });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'imported', album: { id: KIND_OF_BLUE.id } });
    const [sameName] = (await rows(dee, job.id, 'imported')).filter((row: Json) => row.rowNumber === third.rowNumber);
    expect(sameName).toMatchObject({ status: 'imported', album: { id: KIND_OF_BLUE.id } });
    const rating = (await call(t, `/api/albums/${KIND_OF_BLUE.id}/my-ratings`, { cookie: dee.cookie, ip: dee.ip }))
      .body;
    expect(rating).toMatchObject({ albumRating: 4.5, inCollection: true });

    // Twice, or skipped after: refused, nothing moves.
    const again = await as(dee, `${first.rowNumber}/resolve`, { albumId: OK_COMPUTER.id });
    expect(again.status).toBe(409);
    expect((await as(dee, `${first.rowNumber}/skip`)).status).toBe(409);

    // Someone else, or nobody, cannot touch it.
    const eve = await createUser(t);
    expect((await as(eve, `${second.rowNumber}/skip`)).status).toBe(404);
    expect((await call(t, `/api/imports/${job.id}`, { cookie: eve.cookie, ip: eve.ip })).status).toBe(404);
    expect((await call(t, `/api/imports/${job.id}/rows`, { cookie: eve.cookie, ip: eve.ip })).status).toBe(404);
    expect((await call(t, `/api/imports/${job.id}`)).status).toBe(401);

    // An album that does not exist, or no album: refused.
    expect((await as(dee, `${second.rowNumber}/resolve`, { albumId: 'no-such-album' })).status).toBe(404);
    expect((await as(dee, `${second.rowNumber}/resolve`, {})).status).toBe(400);
    expect((await as(dee, '999/resolve', { albumId: KIND_OF_BLUE.id })).status).toBe(404);

    const skipped = await as(dee, `${second.rowNumber}/skip`);
    expect(skipped.body).toMatchObject({ status: 'skipped', album: null });
    const end = (await call(t, `/api/imports/${job.id}`, { cookie: dee.cookie, ip: dee.ip })).body;
    expect(end).toMatchObject({ matched: 2, unmatched: 0, skipped: 1, errors: 0 });
    expect(await footprint(dee.id)).toMatchObject({ ratings: 1, collection: 1 });
  });

  it('resolving one row while another resolves it at the same moment imports it once', async () => {
    const fay = await createUser(t);
    const job = await importFile(
      fay,
      'rym',
      rymCsv([{ lastName: 'Nobody Knows Us', title: 'Imaginary Record', rating: 4 }]),
    );
    const [row] = await rows(fay, job.id, 'unmatched');
    const answers = await Promise.all(
      [KIND_OF_BLUE.id, OK_COMPUTER.id, KIND_OF_BLUE.id, HEAD_HUNTERS.id].map((albumId) =>
        call(t, `/api/imports/${job.id}/rows/${row.rowNumber}/resolve`, {
          body: { albumId },
          cookie: fay.cookie,
          ip: fay.ip,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await footprint(fay.id)).toMatchObject({ ratings: 1, collection: 1 });
    const end = (await call(t, `/api/imports/${job.id}`, { cookie: fay.cookie, ip: fay.ip })).body;
    expect(end).toMatchObject({ matched: 1, unmatched: 0 });
    expect(await listenerTotalsDrift()).toEqual([]);
  });
});

describe('listening history', () => {
  it('a ListenBrainz archive fills the diary, one listen per album and day, and again adds nothing', async () => {
    const gus = await createUser(t);
    const at = (iso: string) => new Date(iso);
    const bytes = listenBrainzZip({
      listens: [
        { at: at('2024-02-29T23:59:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'So What' },
        { at: at('2024-02-29T10:00:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'Freddie Freeloader' },
        { at: at('2024-03-01T00:01:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'Blue in Green' },
        { at: at('2024-03-01T00:10:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'Flamenco Sketches' },
        { at: at('2024-03-01T00:20:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'Blue In Green' },
        { at: at('2024-03-01T00:30:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'Jam (Alternate Take)' },
        { at: at('2023-05-01T12:00:00Z'), artist: 'Radiohead', album: 'OK Computer', track: 'Airbag' },
        { at: at('2023-05-01T12:00:00Z'), artist: 'Radiohead', album: 'OK Computer', track: 'Airbag' },
        { at: at('2023-06-01T12:00:00Z'), artist: 'Nobody Knows Us', album: 'Imaginary Record', track: 'One' },
        { at: at('2023-06-01T12:00:00Z'), artist: 'Nobody Knows Us', track: 'No Album Here' },
      ],
    });
    const job = await importFile(gus, 'listenbrainz', bytes);
    expect(job).toMatchObject({ status: 'done', matched: 2, unmatched: 1, errors: 1 });
    // Counted as people count them: the copy of a listen is one listen, the one with no album none.
    expect(job).toMatchObject({ listens: 8, listenAlbums: 3 });
    const listens = await db()
      .selectFrom('listens')
      .select(['album_id', 'listened_on', 'relisten'])
      .where('user_id', '=', gus.id)
      .orderBy('listened_on')
      .execute();
    expect(listens).toEqual([
      { album_id: OK_COMPUTER.id, listened_on: '2023-05-01', relisten: 0 },
      { album_id: KIND_OF_BLUE.id, listened_on: '2024-02-29', relisten: 0 },
      { album_id: KIND_OF_BLUE.id, listened_on: '2024-03-01', relisten: 1 },
    ]);
    // Each entry lists its day's songs once, in track-list order; a song the album lacks is named
    // in the row's note rather than dropped without a word.
    const diary = (await call(t, `/api/users/${gus.id}/diary`)).body;
    expect(diary.entries.map((e: Json) => [e.listenedOn, e.songs.map((s: Json) => s.name)])).toEqual([
      ['2024-03-01', ['Blue in Green', 'Flamenco Sketches']],
      ['2024-02-29', ['So What', 'Freddie Freeloader']],
      ['2023-05-01', ['Airbag']],
    ]);
    const imported = await rows(gus, job.id, 'imported');
    expect(imported.find((row) => row.title === 'Kind of Blue')).toMatchObject({
      status: 'imported',
      message: "The song “Jam (Alternate Take)” is not on the album's track list, so the diary leaves it out",
    });
    const before = await footprint(gus.id);
    await importFile(gus, 'listenbrainz', bytes);
    expect(await footprint(gus.id)).toEqual(before);
  });

  it('a Last.fm scrobbles CSV fills the diary too', async () => {
    const hal = await createUser(t);
    const bytes = lastfmCsv([
      { artist: 'Radiohead', album: 'OK Computer', track: 'Karma Police', at: new Date('2022-01-15T20:00:00Z') },
      { artist: 'Radiohead', album: 'OK Computer', track: 'Lucky', at: new Date('2022-01-15T20:05:00Z') },
      { artist: 'Keith Jarrett', album: 'The Köln Concert', track: 'Part I', at: new Date('2022-01-16T08:00:00Z') },
    ]);
    // A day already in the diary is not logged again: its songs join the listen that is there.
    const logged = await call(t, `/api/albums/${OK_COMPUTER.id}/listens`, {
      method: 'POST',
      body: { listenedOn: '2022-01-15' },
      cookie: hal.cookie,
      ip: hal.ip,
    });
    expect(logged.status).toBe(201);
    const job = await importFile(hal, 'lastfm', bytes);
    expect(job).toMatchObject({ status: 'done', matched: 2, unmatched: 0, errors: 0 });
    const diary = (await call(t, `/api/users/${hal.id}/diary`)).body;
    expect(diary.entries.map((e: Json) => [e.id, e.album.id, e.listenedOn, e.songs.map((s: Json) => s.name)])).toEqual([
      [expect.any(String), KOLN.id, '2022-01-16', ['Part I']],
      [logged.body.id, OK_COMPUTER.id, '2022-01-15', ['Karma Police', 'Lucky']],
    ]);
    const before = await footprint(hal.id);
    await importFile(hal, 'lastfm', bytes);
    expect(await footprint(hal.id)).toEqual(before);
  });
});

/** Seed albums the messy files name, with their real song titles (for loved recordings). */
const KNOWN_IDS = [
  'miles-davis-kind-of-blue',
  'john-coltrane-a-love-supreme',
  'the-dave-brubeck-quartet-time-out',
  'charles-mingus-mingus-ah-um',
  'herbie-hancock-head-hunters',
  'keith-jarrett-the-koln-concert',
  'stan-getz-and-joao-gilberto-getz-gilberto',
  'bill-evans-trio-sunday-at-the-village-vanguard',
  'radiohead-ok-computer',
  'kendrick-lamar-damn',
];

async function knownAlbums(): Promise<{ known: KnownAlbum[]; idOf: (title: string) => string | undefined }> {
  const known: KnownAlbum[] = [];
  const ids = new Map<string, string>();
  for (const id of KNOWN_IDS) {
    const album = (await call(t, `/api/music/albums/${id}`)).body;
    known.push({
      artist: album.artistName,
      title: album.name,
      year: Number(album.releaseDate.slice(0, 4)),
      tracks: album.tracks.map((track: Json) => track.name),
    });
    ids.set(nameKey(album.name), id);
  }
  return { known, idOf: (title) => ids.get(nameKey(title)) };
}

describe('a few hundred rows, as people’s files are', () => {
  it('RateYourMusic: known albums rated as the last row says, unknown ones left to resolve, bad rows listed', async () => {
    const { known, idOf } = await knownAlbums();
    const { bytes, expected } = messyRymExport(known);
    expect(expected.total).toBeGreaterThanOrEqual(300);
    const oli = await createUser(t);
    const job = await importFile(oli, 'rym', bytes);
    expect(job).toMatchObject({
      status: 'done',
      totalRows: expected.total,
      doneRows: expected.total,
      errors: expected.bad,
      matched: expected.known,
      unmatched: expected.unknown,
    });
    // Each album's rating is its last rated row's; an album never rated is on Rate Later.
    const lastRating = new Map<string, number>();
    const shelved = new Set<string>();
    for (const row of expected.rows) {
      const id = row.kind === 'album' ? idOf(row.title) : undefined;
      if (row.kind !== 'album' || !id) continue;
      if (row.rating !== null) lastRating.set(id, row.rating);
      else if (!row.review) shelved.add(id);
    }
    const chosen = await db()
      .selectFrom('chosen_album_ratings')
      .select(['album_id', 'rating_tenths'])
      .where('user_id', '=', oli.id)
      .execute();
    expect(Object.fromEntries(chosen.map((r) => [r.album_id, r.rating_tenths / 5]))).toEqual(
      Object.fromEntries(lastRating),
    );
    const rateLater = await db().selectFrom('rate_later').select('album_id').where('user_id', '=', oli.id).execute();
    expect(rateLater.map((r) => r.album_id).sort()).toEqual([...shelved].filter((id) => !lastRating.has(id)).sort());
    const collection = await db()
      .selectFrom('collection_entries')
      .select('album_id')
      .where('user_id', '=', oli.id)
      .execute();
    expect(collection).toHaveLength(lastRating.size);
    // Every unmatched row names one of the unknown albums; every error row says why.
    const unmatched = await rows(oli, job.id, 'unmatched');
    expect(unmatched.every((row: Json) => idOf(row.title) === undefined)).toBe(true);
    const errors = await rows(oli, job.id, 'error');
    expect(errors.map((row: Json) => row.message)).toEqual(
      expected.rows
        .filter((row: ParsedRow) => row.kind === 'bad')
        .map((row) => (row.kind === 'bad' ? row.message : '')),
    );
    expect((await call(t, `/api/users/${oli.id}/stats`)).body.albumsRated).toBe(lastRating.size);
    expect(await listenerTotalsDrift()).toEqual([]);

    const before = await footprint(oli.id);
    const again = await importFile(oli, 'rym', bytes);
    expect(again).toMatchObject({ matched: expected.known, unmatched: expected.unknown, errors: expected.bad });
    expect(await footprint(oli.id)).toEqual(before);
  });

  it.each([
    ['listenbrainz', messyListenBrainzExport],
    ['lastfm', messyLastfmExport],
  ] as const)(
    '%s: the diary gets one listen per known album and day; loved songs make a list',
    async (source, make) => {
      const { known, idOf } = await knownAlbums();
      const { bytes, expected } = make(known);
      const pat = await createUser(t);
      const job = await importFile(pat, source, bytes);
      const listensRows = expected.rows.filter((row: ParsedRow) => row.kind === 'listens');
      const knownRows = listensRows.filter((row) => idOf(row.title) !== undefined);
      const loved = expected.rows.filter((row: ParsedRow) => row.kind === 'loved');
      // A love no listen names needs MusicBrainz (off here) to name it: it is listed with why.
      const lovedRows = loved.filter((row) => row.kind === 'loved' && row.track);
      const unnamed = loved.length - lovedRows.length;
      expect(job).toMatchObject({ status: 'done', totalRows: expected.rows.length, errors: expected.bad + unnamed });
      if (unnamed > 0) {
        const errors = await rows(pat, job.id, 'error');
        expect(
          errors.filter((row) => /is not among your listens, so its song is unknown$/.test(row.message)),
        ).toHaveLength(unnamed);
      }
      expect(job.matched).toBe(knownRows.length + lovedRows.filter((row) => idOf(row.title)).length);
      const days = knownRows.reduce((sum, row) => sum + (row.kind === 'listens' ? row.days.length : 0), 0);
      // Every song the file names is on its album (the fixture plays the albums' own songs).
      const songs = knownRows.reduce(
        (sum, row) => sum + (row.kind === 'listens' ? Object.values(row.songs ?? {}).flat().length : 0),
        0,
      );
      expect(await footprint(pat.id)).toMatchObject({ listens: days, listenSongs: songs });
      // Loved songs (ListenBrainz only) went onto an unlisted song list of the person's own.
      const lists = await db().selectFrom('lists').selectAll().where('user_id', '=', pat.id).execute();
      if (lovedRows.length === 0) {
        expect(lists).toEqual([]);
      } else {
        expect(lists).toMatchObject([{ title: 'Loved on ListenBrainz', kind: 'song', visibility: 'unlisted' }]);
        expect(lists[0]?.entries_count).toBe(
          new Set(lovedRows.map((row) => (row.kind === 'loved' ? row.track : ''))).size,
        );
      }
      const before = await footprint(pat.id);
      await importFile(pat, source, bytes);
      expect(await footprint(pat.id)).toEqual(before);
      expect(await db().selectFrom('lists').select('entries_count').where('user_id', '=', pat.id).execute()).toEqual(
        lists.map((list) => ({ entries_count: list.entries_count })),
      );
    },
  );
});

describe('your data', () => {
  it('the JSON export carries your imports; deleting the account takes them', async () => {
    const max = await createUser(t);
    const job = await importFile(max, 'rym', smallRymExport());
    const exported = (await call(t, '/api/users/me/export', { cookie: max.cookie, ip: max.ip })).body;
    expect(exported.imports).toMatchObject([{ id: job.id, source: 'rym', status: 'done', matched: 6 }]);
    expect(exported.importRows).toHaveLength(9);
    const gone = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: max.password },
      cookie: max.cookie,
      ip: max.ip,
    });
    expect(gone.status).toBe(204);
    expect(await db().selectFrom('import_jobs').select('id').where('user_id', '=', max.id).execute()).toEqual([]);
    expect(await db().selectFrom('import_rows').select('row_no').where('job_id', '=', job.id).execute()).toEqual([]);
    expect(await listenerTotalsDrift()).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a file of another kind with the source’s message, and writes nothing', async () => {
    const ivy = await createUser(t);
    const lastfm = lastfmCsv([
      { artist: 'Radiohead', album: 'OK Computer', track: 'Lucky', at: new Date('2022-01-15T20:05:00Z') },
    ]);
    const cases: Array<[string, Buffer, string]> = [
      ['rym', lastfm, IMPORT_WRONG_FORMAT.rym],
      ['lastfm', smallRymExport(), IMPORT_WRONG_FORMAT.lastfm],
      ['listenbrainz', smallRymExport(), IMPORT_WRONG_FORMAT.listenbrainz],
      ['rym', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), IMPORT_WRONG_FORMAT.rym],
    ];
    for (const [source, bytes, message] of cases) {
      const res = await upload(ivy, source, bytes);
      expect(res.status, source).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const res = await upload(ivy, 'rym', rymCsv([]));
    expect(res.status).toBe(400);
    expect((await upload(ivy, null, smallRymExport())).status).toBe(400);
    expect((await upload(ivy, 'spotify', smallRymExport())).status).toBe(400);
    expect((await call(t, '/api/imports', { cookie: ivy.cookie, ip: ivy.ip })).body).toEqual([]);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const jon = await createUser(t);
    const res = await upload(jon, 'rym', Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('The file is larger than 20 MB');
  });

  it('takes one import at a time per person, even when two arrive together', async () => {
    const kay = await createUser(t);
    const answers = await Promise.all([upload(kay, 'rym', smallRymExport()), upload(kay, 'rym', smallRymExport())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.message).toBe(IMPORT_RUNNING);
    // Someone else is not held up by it.
    const lee = await createUser(t);
    expect((await upload(lee, 'rym', smallRymExport())).status).toBe(201);
    // Once read, the next one is taken.
    await t.app.imports.worker.runWaiting();
    expect((await upload(kay, 'rym', smallRymExport())).status).toBe(201);
    await t.app.imports.worker.runWaiting();
  });

  it('counts imports as uploads: past RATE_LIMIT_UPLOADS an hour, 429 with Retry-After', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_UPLOADS: '2' } });
    try {
      await limited.app.imports.worker.stop();
      const who = await createUser(limited);
      const send = async () => {
        const form = new FormData();
        form.append('source', 'rym');
        form.append('file', new Blob([new Uint8Array(smallRymExport())]), 'rym.csv');
        return fetch(`${limited.baseUrl}/api/imports`, {
          method: 'POST',
          headers: { cookie: who.cookie, origin: limited.baseUrl, 'x-forwarded-for': who.ip },
          body: form,
        });
      };
      expect((await send()).status).toBe(201);
      await limited.app.imports.worker.runWaiting();
      expect((await send()).status).toBe(201);
      await limited.app.imports.worker.runWaiting();
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('is for signed-in people only', async () => {
    const res = await fetch(`${t.baseUrl}/api/imports`, {
      method: 'POST',
      headers: { origin: t.baseUrl, 'x-forwarded-for': nextIp() },
      body: new FormData(),
    });
    expect(res.status).toBe(401);
    expect((await call(t, '/api/imports')).status).toBe(401);
  });
});
