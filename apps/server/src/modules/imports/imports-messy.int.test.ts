import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { listenBrainzJsonl, rymCsv } from '../../test/import-files/fixtures.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { CHARACTERS_REPLACED, REVIEW_CUT } from './formats/clean-row.ts';
import { UPLOAD_CUT_SHORT } from './import-worker.ts';

/**
 * Imports of files as people's machines really write them, and of several people at once, on
 * SQLite and PostgreSQL: bad characters, a cell of megabytes, an upload cut short, and one
 * person's large file beside another's small one.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
  // The tests read jobs themselves; the app's own background reader would race them.
  await t.app.imports.worker.stop();
});
afterAll(async () => t.close());

const db = () => t.database.handle.db;

async function upload(who: TestUser, source: string, bytes: Buffer) {
  const form = new FormData();
  form.append('source', source);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'export');
  const res = await fetch(`${t.baseUrl}/api/imports`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: t.baseUrl, 'x-forwarded-for': who.ip },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function rowsOf(who: TestUser, jobId: string) {
  return (await call(t, `/api/imports/${jobId}/rows`, { cookie: who.cookie, ip: who.ip })).body.rows as Json[];
}

const jobOf = async (who: TestUser, id: string) =>
  (await call(t, `/api/imports/${id}`, { cookie: who.cookie, ip: who.ip })).body;

describe('a messy export', () => {
  it('imports with bad characters replaced and the row saying so, never a 500', async () => {
    const ana = await createUser(t);
    // A NUL from a scrobbler (stored as is by SQLite, refused by PostgreSQL) and half a surrogate pair.
    const listens = listenBrainzJsonl([
      { at: new Date('2024-03-01T10:00:00Z'), artist: 'Miles Davis', album: 'Kind of Blue', track: 'So\u0000 What' },
    ]).toString('utf8');
    expect(listens).toContain('\\u0000');
    const res = await upload(ana, 'listenbrainz', Buffer.from(listens.replace('So', '\\ud800So'), 'utf8'));
    expect(res.status).toBe(201);
    await t.app.imports.worker.runJob(res.body.id);
    expect(await jobOf(ana, res.body.id)).toMatchObject({ status: 'done', matched: 1, errors: 0 });
    const [row] = await rowsOf(ana, res.body.id);
    expect(row?.message).toContain(CHARACTERS_REPLACED);

    // Bytes that are not UTF-8 in a RateYourMusic review: an overlong "/" and a lone continuation byte.
    const bob = await createUser(t);
    const csv = rymCsv([{ lastName: 'Miles Davis', title: 'Kind of Blue', rating: 8, review: 'Great @@ record' }]);
    const at = csv.indexOf('@@');
    csv[at] = 0xc0;
    csv[at + 1] = 0x80;
    const rym = await upload(bob, 'rym', csv);
    expect(rym.status).toBe(201);
    await t.app.imports.worker.runJob(rym.body.id);
    const [rated] = await rowsOf(bob, rym.body.id);
    expect(rated).toMatchObject({ status: 'imported' });
    expect(rated?.message).toContain(CHARACTERS_REPLACED);
    const [post] = (await call(t, `/api/users/${bob.id}/posts`)).body.posts as Json[];
    expect(post?.content).toBe('Great \uFFFD\uFFFD record');
  });

  it('keeps only what a row can become: a 10 MB review cell is stored cut to 2,000 characters', async () => {
    const cy = await createUser(t);
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const res = await upload(
      cy,
      'rym',
      rymCsv([{ lastName: 'Miles Davis', title: 'Kind of Blue', rating: 8, review: huge }]),
    );
    expect(res.status).toBe(201);
    const { rows } = await sql<{
      size: number;
    }>`select length(data) as size from import_rows where job_id = ${res.body.id}`.execute(db());
    expect(Number(rows[0]?.size)).toBeLessThan(3000);
    await t.app.imports.worker.runJob(res.body.id);
    const [row] = await rowsOf(cy, res.body.id);
    expect(row).toMatchObject({ status: 'imported', message: REVIEW_CUT });
  });
});

describe("matching what people's files call an album", () => {
  it("sees through editions, guests, localized names and a reissue's year; an unknown album stays to resolve", async () => {
    const eve = await createUser(t);
    const rym = await upload(
      eve,
      'rym',
      rymCsv([
        { lastName: 'The Beatles', title: 'Abbey Road (Super Deluxe Edition)', year: 2019, rating: 9 },
        { lastName: 'Pink Floyd', title: 'The Dark Side of the Moon [2011 remastered deluxe box set]', rating: 8 },
        // A reissue, dated by RYM with the reissue's year.
        { lastName: 'Nirvana', title: 'Nevermind', year: 2011, rating: 7 },
        { lastName: 'Someone Else', title: 'Abbey Road (Deluxe)', rating: 5 },
        { raw: ['77', '', '마일스 데이비스', '', 'Miles Davis', 'Kind of Blue', '1959', '10', 'n', '', '', ''] },
      ]),
    );
    await t.app.imports.worker.runJob(rym.body.id);
    const byTitle = Object.fromEntries((await rowsOf(eve, rym.body.id)).map((row) => [row.title, row]));
    expect(byTitle['Abbey Road (Super Deluxe Edition)']).toMatchObject({
      status: 'imported',
      album: { id: 'the-beatles-abbey-road' },
    });
    expect(byTitle['The Dark Side of the Moon [2011 remastered deluxe box set]']).toMatchObject({
      status: 'imported',
      album: { id: 'pink-floyd-the-dark-side-of-the-moon' },
    });
    expect(byTitle.Nevermind).toMatchObject({ status: 'imported', album: { id: 'nirvana-nevermind' } });
    expect(byTitle['Kind of Blue']).toMatchObject({ status: 'imported', album: { id: 'miles-davis-kind-of-blue' } });
    expect(byTitle['Abbey Road (Deluxe)']).toMatchObject({ status: 'unmatched' });

    const listens = await upload(
      eve,
      'listenbrainz',
      listenBrainzJsonl([
        {
          at: new Date('2024-04-01T10:00:00Z'),
          artist: 'Miles Davis feat. John Coltrane',
          album: 'Kind of Blue',
          track: 'So What',
        },
        {
          at: new Date('2024-04-02T10:00:00Z'),
          artist: 'Pink Floyd & Friends',
          album: 'The Dark Side of the Moon',
          track: 'Time',
          recordingMbid: 'a0a0a0a0-0000-4000-8000-000000000001',
          credits: ['Pink Floyd', 'Friends'],
        },
        // "&" alone names no main artist: left for the person.
        {
          at: new Date('2024-04-03T10:00:00Z'),
          artist: 'The Beatles & Friends',
          album: 'Abbey Road',
          track: 'Something',
        },
      ]),
    );
    await t.app.imports.worker.runJob(listens.body.id);
    const heard = Object.fromEntries((await rowsOf(eve, listens.body.id)).map((row) => [row.artist, row]));
    expect(heard['Miles Davis feat. John Coltrane']).toMatchObject({ status: 'imported' });
    expect(heard['Pink Floyd & Friends']).toMatchObject({ status: 'imported' });
    expect(heard['The Beatles & Friends']).toMatchObject({ status: 'unmatched' });
  });
});

describe('several imports at once', () => {
  it('takes turns between people: a small file is read while a large one is still being read', async () => {
    const [big, small] = [await createUser(t), await createUser(t)];
    const many = Array.from({ length: 600 }, (_, i) => ({
      lastName: `Unheard Band ${i}`,
      title: `Unheard ${i}`,
      rating: 6,
    }));
    const first = await upload(big, 'rym', rymCsv(many));
    const second = await upload(small, 'rym', rymCsv([{ lastName: 'Miles Davis', title: 'Kind of Blue', rating: 9 }]));
    expect([first.status, second.status]).toEqual([201, 201]);
    const reading = t.app.imports.worker.runWaiting();
    let smallJob = await jobOf(small, second.body.id);
    let bigJob = await jobOf(big, first.body.id);
    while (smallJob.status !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [smallJob, bigJob] = [await jobOf(small, second.body.id), await jobOf(big, first.body.id)];
    }
    // The small file was done after one turn of the large one, not after all of it.
    expect(bigJob.status).not.toBe('done');
    expect(bigJob.doneRows).toBeLessThan(600);
    await reading;
    expect(await jobOf(big, first.body.id)).toMatchObject({ status: 'done', doneRows: 600 });
  });

  it('fails a job whose upload stopped before its rows were stored, rather than reading half a file', async () => {
    const dee = await createUser(t);
    const res = await upload(dee, 'rym', rymCsv([{ lastName: 'Miles Davis', title: 'Kind of Blue', rating: 9 }]));
    // What a process that died while storing leaves: the storing lease, lapsed.
    await db()
      .updateTable('import_jobs')
      .set({ status: 'queued', lease_holder: 'storing:gone', lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', res.body.id)
      .execute();
    await t.app.imports.worker.runWaiting();
    expect(await jobOf(dee, res.body.id)).toMatchObject({ status: 'failed', message: UPLOAD_CUT_SHORT, matched: 0 });
  });
});
