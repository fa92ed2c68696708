import { LISTENS_PER_ALBUM_DAY_MAX, todayUtc } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

/** The listening diary, through real HTTP on a seeded catalogue. */
let t: TestApp;
const ALBUM = 'miles-davis-kind-of-blue';
const OTHER_ALBUM = 'radiohead-ok-computer';
let track = '';

beforeAll(async () => {
  // The limit and pagination tests log dozens of listens: more than the per-user write limit
  // allows in a minute, which has its own tests (security/).
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
  track = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks[0].id;
});
afterAll(async () => t.close());

const day = (offset: number) => todayUtc(new Date(Date.now() + offset * 86_400_000));
const log = (who: TestUser, body: unknown, albumId = ALBUM) =>
  call(t, `/api/albums/${albumId}/listens`, { body, cookie: who.cookie, ip: who.ip });
const mine = (who: TestUser, albumId = ALBUM) =>
  call(t, `/api/albums/${albumId}/listens/mine`, { cookie: who.cookie, ip: who.ip });
const patch = (who: TestUser, id: string, body: unknown) =>
  call(t, `/api/listens/${id}`, { method: 'PATCH', body, cookie: who.cookie, ip: who.ip });
const remove = (who: TestUser, id: string) =>
  call(t, `/api/listens/${id}`, { method: 'DELETE', cookie: who.cookie, ip: who.ip });

async function listenRows(userId: string) {
  return t.database.handle.db.selectFrom('listens').selectAll().where('user_id', '=', userId).execute();
}

describe('logging a listen', () => {
  it('defaults to today in UTC, not a relisten, and shows it in your listens of the album', async () => {
    const ana = await createUser(t);
    const res = await log(ana, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: ana.id, albumId: ALBUM, listenedOn: todayUtc(), relisten: false });
    expect((await mine(ana)).body).toEqual([res.body]);
  });

  it('takes a past day and a relisten, newest day first in your listens', async () => {
    const ana = await createUser(t);
    const old = await log(ana, { listenedOn: '1959-08-17', relisten: false });
    const again = await log(ana, { listenedOn: '2020-02-29', relisten: true });
    const today = await log(ana, { listenedOn: todayUtc() });
    expect([old.status, again.status, today.status]).toEqual([201, 201, 201]);
    expect(again.body).toMatchObject({ listenedOn: '2020-02-29', relisten: true });
    const listed = (await mine(ana)).body;
    expect(listed.map((l: { listenedOn: string }) => l.listenedOn)).toEqual([todayUtc(), '2020-02-29', '1959-08-17']);
    // Someone else's listens are not yours.
    const bo = await createUser(t);
    expect((await mine(bo)).body).toEqual([]);
  });

  it.each([
    [{ listenedOn: day(1) }, 'A listen cannot be in the future'],
    [{ listenedOn: '2999-01-01' }, 'A listen cannot be in the future'],
    [{ listenedOn: '1899-12-31' }, 'A listen cannot be before 1900'],
    [{ listenedOn: '2026-02-30' }, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: '2026-13-01' }, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: '17/08/1959' }, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: '1959-8-17' }, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: '' }, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: 19590817 }, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: 'x'.repeat(10_000) }, 'Enter a date as YYYY-MM-DD'],
    [{ relisten: 'yes' }, 'Relisten must be true or false'],
  ])('refuses %o with %o and writes nothing', async (body, message) => {
    const ana = await createUser(t);
    const res = await log(ana, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await listenRows(ana.id)).toEqual([]);
  });

  it("answers an unknown album with 404 'Album not found'", async () => {
    const ana = await createUser(t);
    for (const res of [await log(ana, {}, 'no-such-album'), await mine(ana, 'no-such-album')]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'ALBUM_NOT_FOUND', message: 'Album not found' });
    }
    expect(await listenRows(ana.id)).toEqual([]);
  });

  it('refuses the signed out with 401', async () => {
    const ana = await createUser(t);
    const listen = (await log(ana, {})).body;
    const signedOut = [
      await call(t, `/api/albums/${ALBUM}/listens`, { body: {} }),
      await call(t, `/api/albums/${ALBUM}/listens/mine`),
      await call(t, `/api/listens/${listen.id}`, { method: 'PATCH', body: { relisten: true } }),
      await call(t, `/api/listens/${listen.id}`, { method: 'DELETE' }),
    ];
    expect(signedOut.map((res) => res.status)).toEqual([401, 401, 401, 401]);
    expect(signedOut[0]?.body.error.message).toBe('Please log in to log a listen');
    expect(await listenRows(ana.id)).toHaveLength(1);
  });

  it(`refuses more than ${LISTENS_PER_ALBUM_DAY_MAX} listens of one album on one day`, async () => {
    const ana = await createUser(t);
    for (let i = 0; i < LISTENS_PER_ALBUM_DAY_MAX; i++)
      expect((await log(ana, { listenedOn: '2024-05-01' })).status).toBe(201);
    const over = await log(ana, { listenedOn: '2024-05-01' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('You can log at most 20 listens of an album on one day');
    // Another day, or another album, is another count.
    expect((await log(ana, { listenedOn: '2024-05-02' })).status).toBe(201);
    expect((await log(ana, { listenedOn: '2024-05-01' }, OTHER_ALBUM)).status).toBe(201);
    // Moving a listen into the full day is refused too.
    const moved = await patch(ana, (await log(ana, { listenedOn: '2024-05-03' })).body.id, {
      listenedOn: '2024-05-01',
    });
    expect(moved.status).toBe(409);
    expect((await listenRows(ana.id)).filter((l) => l.listened_on === '2024-05-01')).toHaveLength(21);
  });

  it('holds the daily limit against a burst of concurrent requests', async () => {
    const ana = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 30 }, () => log(ana, { listenedOn: '2023-03-03' })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(LISTENS_PER_ALBUM_DAY_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - LISTENS_PER_ALBUM_DAY_MAX);
    expect(await listenRows(ana.id)).toHaveLength(LISTENS_PER_ALBUM_DAY_MAX);
  });
});

describe('changing a listen', () => {
  it('lets its owner change the day and the relisten flag, and delete it', async () => {
    const ana = await createUser(t);
    const listen = (await log(ana, { listenedOn: '2021-06-01' })).body;
    const changed = await patch(ana, listen.id, { listenedOn: '2021-05-31', relisten: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...listen, listenedOn: '2021-05-31', relisten: true });
    expect((await patch(ana, listen.id, { relisten: false })).body.relisten).toBe(false);
    const gone = await remove(ana, listen.id);
    expect(gone.status).toBe(204);
    expect(await listenRows(ana.id)).toEqual([]);
    expect((await remove(ana, listen.id)).status).toBe(404);
  });

  it("refuses anyone else with 403 'You can only change your own listens' and changes nothing", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const listen = (await log(ana, { listenedOn: '2021-06-01' })).body;
    for (const res of [await patch(bo, listen.id, { relisten: true }), await remove(bo, listen.id)]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('You can only change your own listens');
    }
    expect((await mine(ana)).body).toEqual([listen]);
  });

  it.each([
    [{}, 400, 'Nothing to change'],
    [{ listenedOn: day(2) }, 400, 'A listen cannot be in the future'],
    [{ listenedOn: '2021-02-29' }, 400, 'Enter a date as YYYY-MM-DD'],
    [{ listenedOn: '1850-01-01' }, 400, 'A listen cannot be before 1900'],
  ])('refuses the change %o with %i %o', async (body, status, message) => {
    const ana = await createUser(t);
    const listen = (await log(ana, { listenedOn: '2021-06-01' })).body;
    const res = await patch(ana, listen.id, body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect((await mine(ana)).body).toEqual([listen]);
  });

  it("answers an unknown listen with 404 'Listen not found'", async () => {
    const ana = await createUser(t);
    const res = await patch(ana, 'no-such-listen', { relisten: true });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Listen not found');
    expect((await remove(ana, 'no-such-listen')).status).toBe(404);
  });
});

describe('the diary', () => {
  it('is public, newest day first, page by page, with each album and the rating of it', async () => {
    const ana = await createUser(t);
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 9 },
      cookie: ana.cookie,
    });
    // 34 days in January and February 2025 (not in order), and a second listen on the newest one.
    const days = Array.from({ length: 34 }, (_, i) => todayUtc(new Date(Date.UTC(2025, 0, 1 + i))));
    const shuffled = [...days.filter((_, i) => i % 2 === 1), ...days.filter((_, i) => i % 2 === 0)];
    for (const d of shuffled)
      expect((await log(ana, { listenedOn: d }, d.endsWith('7') ? OTHER_ALBUM : ALBUM)).status).toBe(201);
    const newest = days.at(-1) as string;
    const relistened = (await log(ana, { listenedOn: newest, relisten: true })).body;

    const first = await call(t, `/api/users/${ana.id}/diary`);
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(30);
    // Same day: the one logged later first.
    expect(first.body.entries[0]).toMatchObject({ id: relistened.id, listenedOn: newest, relisten: true, rating: 4.5 });
    expect(first.body.entries[0].album).toMatchObject({ id: ALBUM, name: 'Kind of Blue', artistName: 'Miles Davis' });
    expect(first.body.entries[0].album.imageUrl).toMatch(/^\/api\//);
    expect(first.body.entries.find((e: { albumId: string }) => e.albumId === OTHER_ALBUM).rating).toBeNull();
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const second = await call(t, `/api/users/${ana.id}/diary?cursor=${first.body.nextCursor}`);
    expect(second.body.entries).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.entries, ...second.body.entries].map((e: { listenedOn: string }) => e.listenedOn);
    expect(all).toEqual([newest, ...[...days].reverse()]);
  });

  it('refuses a cursor it did not make, and an unknown person', async () => {
    const ana = await createUser(t);
    const bad = await call(t, `/api/users/${ana.id}/diary?cursor=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid cursor');
    const nobody = await call(t, '/api/users/no-such-user/diary');
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe('User not found');
    expect((await call(t, `/api/users/${ana.id}/diary`)).body).toEqual({ entries: [], nextCursor: null });
  });
});

describe('a listen logged with a collection entry', () => {
  const add = (who: TestUser, body: unknown) =>
    call(t, '/api/users/me/collection', { body, cookie: who.cookie, ip: who.ip });

  async function rated(): Promise<TestUser> {
    const who = await createUser(t);
    await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 8 },
      cookie: who.cookie,
    });
    return who;
  }

  it('writes the entry, the review and the listen together', async () => {
    const ana = await rated();
    const res = await add(ana, {
      albumId: ALBUM,
      review: 'Blue',
      listen: { listenedOn: '2022-09-09', relisten: true },
    });
    expect(res.status).toBe(201);
    expect((await mine(ana)).body).toMatchObject([{ listenedOn: '2022-09-09', relisten: true }]);
    // Without a day: today.
    const bo = await rated();
    expect((await add(bo, { albumId: ALBUM, listen: {} })).status).toBe(201);
    expect((await mine(bo)).body).toMatchObject([{ listenedOn: todayUtc(), relisten: false }]);
  });

  it('writes neither when the listen is refused, nor the listen when the entry is', async () => {
    const ana = await rated();
    const future = await add(ana, { albumId: ALBUM, review: 'Soon', listen: { listenedOn: day(1) } });
    expect(future.status).toBe(400);
    expect(future.body.error.message).toBe('A listen cannot be in the future');
    expect((await call(t, '/api/users/me/collection', { cookie: ana.cookie })).body).toEqual([]);

    // The day is full: the entry and its review are rolled back with the refused listen.
    for (let i = 0; i < LISTENS_PER_ALBUM_DAY_MAX; i++) await log(ana, { listenedOn: '2022-01-01' });
    const full = await add(ana, { albumId: ALBUM, review: 'Again', listen: { listenedOn: '2022-01-01' } });
    expect(full.status).toBe(409);
    expect((await call(t, '/api/users/me/collection', { cookie: ana.cookie })).body).toEqual([]);
    const posts = await t.database.handle.db.selectFrom('posts').select('id').where('user_id', '=', ana.id).execute();
    expect(posts).toEqual([]);

    // Already in the collection: the listen sent with the second add is not written.
    expect((await add(ana, { albumId: ALBUM })).status).toBe(201);
    const again = await add(ana, { albumId: ALBUM, listen: { listenedOn: '2022-02-02' } });
    expect(again.status).toBe(409);
    expect((await listenRows(ana.id)).filter((l) => l.listened_on === '2022-02-02')).toEqual([]);
  });
});

describe('listens and the account', () => {
  it('are in the JSON export', async () => {
    const ana = await createUser(t);
    await log(ana, { listenedOn: '2019-04-04', relisten: true });
    const res = await call(t, '/api/users/me/export', { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.body.listens).toEqual([
      expect.objectContaining({ album_id: ALBUM, listened_on: '2019-04-04', relisten: 1 }),
    ]);
  });

  it('go with the account, leaving no orphan rows and everyone else’s listens', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await log(ana, { listenedOn: '2019-04-04' });
    await log(ana, {}, OTHER_ALBUM);
    await log(bo, {});
    const res = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: ana.password },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(204);
    expect(await listenRows(ana.id)).toEqual([]);
    expect(await listenRows(bo.id)).toHaveLength(1);
    const orphans = await t.database.handle.db
      .selectFrom('listens')
      .leftJoin('user', 'user.id', 'listens.user_id')
      .select('listens.id')
      .where('user.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect((await call(t, `/api/users/${ana.id}/diary`)).status).toBe(404);
  });
});
