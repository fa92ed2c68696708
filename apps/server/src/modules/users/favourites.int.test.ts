import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

// A profile's "Favourite albums" shelf: up to four albums, each once, in the order chosen.

const DAMN = 'kendrick-lamar-damn';
const OK_COMPUTER = 'radiohead-ok-computer';
const ABBEY_ROAD = 'the-beatles-abbey-road';
const KIND_OF_BLUE = 'miles-davis-kind-of-blue';
const BUTTERFLY = 'kendrick-lamar-to-pimp-a-butterfly';

let t: TestApp;
let ana: TestUser;

const put = (who: TestUser | null, body: unknown) =>
  call(t, '/api/users/me/favourites', { method: 'PUT', body, cookie: who?.cookie, ip: who?.ip });
const shelfOf = async (userId: string): Promise<string[]> => {
  const res = await call(t, `/api/users/${userId}/favourites`);
  expect(res.status).toBe(200);
  return res.body.albums.map((album: Json) => album.id);
};

beforeAll(async () => {
  t = await createTestApp();
  ana = await createUser(t);
});
afterAll(async () => t.close());

describe('favourite albums', () => {
  it('start empty, and anyone can see them', async () => {
    expect(await call(t, `/api/users/${ana.id}/favourites`)).toMatchObject({ status: 200, body: { albums: [] } });
  });

  it('are replaced whole, in the order given, with each album as a card', async () => {
    const res = await put(ana, { albumIds: [OK_COMPUTER, DAMN, KIND_OF_BLUE] });
    expect(res.status).toBe(200);
    expect(res.body.albums.map((album: Json) => album.id)).toEqual([OK_COMPUTER, DAMN, KIND_OF_BLUE]);
    expect(res.body.albums[0]).toMatchObject({
      id: OK_COMPUTER,
      name: 'OK Computer',
      artistName: 'Radiohead',
      imageUrl: expect.any(String),
      listeners: { count: 0, average: null },
    });
    expect(await shelfOf(ana.id)).toEqual([OK_COMPUTER, DAMN, KIND_OF_BLUE]);
    // Reordered, one taken off and one put on.
    await put(ana, { albumIds: [ABBEY_ROAD, KIND_OF_BLUE, OK_COMPUTER, DAMN] });
    expect(await shelfOf(ana.id)).toEqual([ABBEY_ROAD, KIND_OF_BLUE, OK_COMPUTER, DAMN]);
    await put(ana, { albumIds: [DAMN, ABBEY_ROAD] });
    expect(await shelfOf(ana.id)).toEqual([DAMN, ABBEY_ROAD]);
  });

  it('refuse more than four, an album twice and an unknown album, keeping the shelf as it was', async () => {
    const five = await put(ana, { albumIds: [DAMN, OK_COMPUTER, ABBEY_ROAD, KIND_OF_BLUE, BUTTERFLY] });
    expect(five.status).toBe(400);
    expect(five.body.error.message).toBe('You can choose up to 4 favourite albums');
    const twice = await put(ana, { albumIds: [DAMN, OK_COMPUTER, DAMN] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Each favourite album can appear only once');
    const unknown = await put(ana, { albumIds: [OK_COMPUTER, 'no-such-album'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'ALBUM_NOT_FOUND', message: 'Album not found' } });
    expect(await shelfOf(ana.id)).toEqual([DAMN, ABBEY_ROAD]);
  });

  it('refuse malformed bodies with 400 and change nothing', async () => {
    for (const body of [
      {},
      { albumIds: 'x' },
      { albumIds: [1, 2] },
      { albumIds: [null] },
      { albumIds: ['x'.repeat(201)] },
    ]) {
      const res = await put(ana, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    expect(await shelfOf(ana.id)).toEqual([DAMN, ABBEY_ROAD]);
  });

  it('are changed only by their signed-in owner', async () => {
    const res = await put(null, { albumIds: [OK_COMPUTER] });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    // Another person's save changes their own shelf, never Ana's.
    const bo = await createUser(t);
    expect((await put(bo, { albumIds: [BUTTERFLY] })).status).toBe(200);
    expect(await shelfOf(bo.id)).toEqual([BUTTERFLY]);
    expect(await shelfOf(ana.id)).toEqual([DAMN, ABBEY_ROAD]);
  });

  it('empty with an empty list', async () => {
    const cy = await createUser(t);
    await put(cy, { albumIds: [DAMN] });
    expect((await put(cy, { albumIds: [] })).body).toEqual({ albums: [] });
    expect(await shelfOf(cy.id)).toEqual([]);
  });

  it('stay whole when saved many times at once: one of the saves, never a mix or an error', async () => {
    const di = await createUser(t);
    const shelves = [
      [DAMN, OK_COMPUTER],
      [OK_COMPUTER, ABBEY_ROAD, KIND_OF_BLUE],
      [KIND_OF_BLUE],
      [BUTTERFLY, DAMN, ABBEY_ROAD, OK_COMPUTER],
    ];
    const results = await Promise.all(shelves.flatMap((albumIds) => [put(di, { albumIds }), put(di, { albumIds })]));
    expect(results.map((res) => res.status)).toEqual(results.map(() => 200));
    expect(shelves).toContainEqual(await shelfOf(di.id));
  });

  it('answer 404 for someone who does not exist', async () => {
    const res = await call(t, '/api/users/no-such-user/favourites');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'USER_NOT_FOUND', message: 'User not found' } });
  });

  it('are in the data export, in order', async () => {
    const res = await call(t, '/api/users/me/export', { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.body.favouriteAlbums).toEqual([
      { position: 1, album_id: DAMN, created_at: expect.any(String) },
      { position: 2, album_id: ABBEY_ROAD, created_at: expect.any(String) },
    ]);
  });

  it('go with the account, leaving nobody else’s', async () => {
    const eve = await createUser(t);
    const fay = await createUser(t);
    await put(eve, { albumIds: [DAMN, OK_COMPUTER] });
    await put(fay, { albumIds: [DAMN] });
    const res = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: eve.password },
      cookie: eve.cookie,
      ip: eve.ip,
    });
    expect(res.status).toBe(204);
    const db = t.database.handle.db;
    expect(await db.selectFrom('favourite_albums').selectAll().where('user_id', '=', eve.id).execute()).toEqual([]);
    // No row names a user who is gone.
    const orphans = await db
      .selectFrom('favourite_albums')
      .leftJoin('user', 'user.id', 'favourite_albums.user_id')
      .select('favourite_albums.user_id')
      .where('user.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect(await shelfOf(fay.id)).toEqual([DAMN]);
    expect((await call(t, `/api/users/${eve.id}/favourites`)).status).toBe(404);
  });
});
