import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, makeAdmin, type TestUser } from '../../test/users.ts';

let t: TestApp;
let ana: TestUser;
let bo: TestUser;
let admin: TestUser;
/** Seeded albums, each with its tracks in order. */
let albums: { id: string; tracks: string[] }[];
let allTracks: string[];

beforeAll(async () => {
  // The concurrency test sends many writes at once: more than the per-user limit allows a minute,
  // which has its own tests (security/).
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
  [ana, bo, admin] = [await createUser(t), await createUser(t), await createUser(t)];
  await makeAdmin(t, admin);
  const rows = await t.database.handle.db
    .selectFrom('tracks')
    .select(['id', 'album_id'])
    .orderBy('album_id')
    .orderBy('position')
    .execute();
  const byAlbum = new Map<string, string[]>();
  for (const row of rows) byAlbum.set(row.album_id, [...(byAlbum.get(row.album_id) ?? []), row.id]);
  albums = [...byAlbum].map(([id, tracks]) => ({ id, tracks }));
  allTracks = rows.map((row) => row.id);
});
afterAll(async () => t.close());

/** The nth seeded album; from the end (negative n) for tests that need one no other test lists. */
const album = (n: number) => albums.at(n) as { id: string; tracks: string[] };
const as = (who: TestUser | null, path: string, options: { method?: string; body?: unknown } = {}) =>
  call(t, path, { ...options, cookie: who?.cookie, ip: who?.ip });

async function newList(who: TestUser, body: Record<string, unknown> = {}): Promise<Json> {
  const res = await as(who, '/api/lists', { body: { title: 'Mine', kind: 'album', ...body } });
  if (res.status !== 201) throw new Error(`could not create a list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function storedPositions(listId: string) {
  return t.database.handle.db
    .selectFrom('list_entries')
    .select(['item_id', 'position'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
}

async function storedCount(listId: string): Promise<number | undefined> {
  const row = await t.database.handle.db
    .selectFrom('lists')
    .select('entries_count')
    .where('id', '=', listId)
    .executeTakeFirst();
  return row && Number(row.entries_count);
}

describe('lists: making and reading', () => {
  it('creates a list with entries in order, reads it back signed out, and records the activity', async () => {
    const songs = album(0).tracks.slice(0, 3);
    const list = await newList(ana, { title: '  Best of  ', kind: 'song', ranked: true, itemIds: songs });
    expect(list).toMatchObject({
      title: 'Best of',
      description: '',
      kind: 'song',
      ranked: true,
      visibility: 'public',
      entriesCount: 3,
      likesCount: 0,
      commentsCount: 0,
      userId: ana.id,
      userDisplayName: ana.name,
    });
    expect(list.entries.map((e: Json) => [e.itemId, e.position])).toEqual(songs.map((id, i) => [id, i + 1]));
    expect(list.entries[0]).toMatchObject({ album: { id: album(0).id }, song: { id: songs[0] }, note: '' });
    // Three songs of one album: one cover, not the same one three times.
    expect(list.covers).toHaveLength(1);

    const read = await as(null, `/api/lists/${list.id}`);
    expect(read.status).toBe(200);
    expect(read.body.entries).toHaveLength(3);
    const activity = await t.database.handle.db
      .selectFrom('activities')
      .selectAll()
      .where('target_id', '=', list.id)
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ user_id: ana.id, action: 'created_list' });
  });

  it('answers 404 for an unknown list, and 401 to a signed-out writer, changing nothing', async () => {
    expect((await as(null, '/api/lists/nope')).body.error).toEqual({
      code: 'LIST_NOT_FOUND',
      message: 'List not found',
    });
    const res = await as(null, '/api/lists', { body: { title: 'x', kind: 'album' } });
    expect(res.status).toBe(401);
    const list = await newList(ana);
    for (const [method, path, body] of [
      ['PATCH', `/api/lists/${list.id}`, { title: 'x' }],
      ['DELETE', `/api/lists/${list.id}`, undefined],
      ['POST', `/api/lists/${list.id}/entries`, { albumId: album(1).id }],
      ['PUT', `/api/lists/${list.id}/order`, { itemIds: [] }],
    ] as const) {
      expect((await as(null, path, { method, body })).status).toBe(401);
    }
    expect((await as(null, `/api/lists/${list.id}`)).body).toMatchObject({ title: 'Mine', entriesCount: 0 });
  });

  it('refuses every limit with its message and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'List title is required'],
      [{ title: undefined }, 'List title is required'],
      [{ title: 'x'.repeat(101) }, 'List title must be 100 characters or less'],
      [{ description: 'x'.repeat(2001) }, 'List description must be 2000 characters or less'],
      [{ kind: 'song', itemIds: allTracks.slice(0, 501) }, 'A list can hold at most 500 entries'],
    ];
    const before = await t.database.handle.db.selectFrom('lists').select('id').execute();
    for (const [body, message] of cases) {
      const res = await as(ana, '/api/lists', { body: { title: 'T', kind: 'album', ...body } });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // 100 and 2,000 characters are allowed, counted as characters (an emoji is one).
    const ok = await as(ana, '/api/lists', {
      body: { title: '🎵'.repeat(100), description: 'é'.repeat(2000), kind: 'album' },
    });
    expect(ok.status).toBe(201);
    const after = await t.database.handle.db.selectFrom('lists').select('id').execute();
    expect(after.length).toBe(before.length + 1);

    const list = await newList(ana);
    const patch = await as(ana, `/api/lists/${list.id}`, { method: 'PATCH', body: { title: 'y'.repeat(101) } });
    expect(patch.body.error.message).toBe('List title must be 100 characters or less');
    expect((await as(ana, `/api/lists/${list.id}`)).body.title).toBe('Mine');
  });

  it('takes only albums in an album list and only songs in a song list, each once (409)', async () => {
    const albumsList = await newList(ana, { kind: 'album' });
    const add = (listId: string, body: unknown) => as(ana, `/api/lists/${listId}/entries`, { body });
    expect((await add(albumsList.id, { albumId: album(0).id })).status).toBe(201);
    const again = await add(albumsList.id, { albumId: album(0).id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This album is already in the list');
    const song = await add(albumsList.id, { trackId: album(0).tracks[0] });
    expect(song.body.error.message).toBe('An album list takes only albums');
    expect((await add(albumsList.id, {})).body.error.message).toBe('Choose an album or a song');
    expect((await add(albumsList.id, { albumId: 'no-such-album' })).status).toBe(404);

    const songsList = await newList(ana, { kind: 'song' });
    expect((await add(songsList.id, { trackId: album(0).tracks[0] })).status).toBe(201);
    const twice = await add(songsList.id, { trackId: album(0).tracks[0] });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This song is already in the list');
    expect((await add(songsList.id, { albumId: album(0).id })).body.error.message).toBe('A song list takes only songs');
    const dup = await as(ana, '/api/lists', {
      body: { title: 'd', kind: 'song', itemIds: [album(0).tracks[0], album(0).tracks[0]] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('This song is already in the list');
    expect(await storedCount(albumsList.id)).toBe(1);
    expect(await storedCount(songsList.id)).toBe(1);
  });

  it('holds at most 500 entries: the 501st is refused', async () => {
    const list = await newList(ana, { kind: 'song', itemIds: allTracks.slice(0, 500) });
    expect(list.entriesCount).toBe(500);
    const res = await as(ana, `/api/lists/${list.id}/entries`, { body: { trackId: allTracks[500] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('A list can hold at most 500 entries');
    expect(await storedCount(list.id)).toBe(500);
    expect((await storedPositions(list.id)).map((row) => row.position)).toEqual(
      Array.from({ length: 500 }, (_, i) => i + 1),
    );
  });
});

describe('lists: changing', () => {
  it('lets only the owner edit (403 for others, admins too) and the owner or an admin delete', async () => {
    const list = await newList(ana, { itemIds: [album(0).id] });
    for (const who of [bo, admin]) {
      for (const [method, path, body] of [
        ['PATCH', `/api/lists/${list.id}`, { title: 'Taken' }],
        ['POST', `/api/lists/${list.id}/entries`, { albumId: album(1).id }],
        ['DELETE', `/api/lists/${list.id}/entries/${album(0).id}`, undefined],
        ['PUT', `/api/lists/${list.id}/entries/${album(0).id}/note`, { note: 'mine now' }],
        ['PUT', `/api/lists/${list.id}/order`, { itemIds: [album(0).id] }],
      ] as const) {
        const res = await as(who, path, { method, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.message).toBe('You can only change your own lists');
      }
    }
    expect((await as(bo, `/api/lists/${list.id}`, { method: 'DELETE' })).body.error.message).toBe(
      'You can only change your own lists',
    );
    expect((await as(ana, `/api/lists/${list.id}`)).body).toMatchObject({ title: 'Mine', entriesCount: 1 });

    const edited = await as(ana, `/api/lists/${list.id}`, {
      method: 'PATCH',
      body: { title: 'Renamed', description: 'Why', ranked: true, visibility: 'unlisted' },
    });
    expect(edited.body).toMatchObject({ title: 'Renamed', description: 'Why', ranked: true, visibility: 'unlisted' });
    expect((await as(ana, `/api/lists/${list.id}`, { method: 'PATCH', body: {} })).body.error.message).toBe(
      'Nothing to change',
    );

    expect((await as(admin, `/api/lists/${list.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await as(ana, `/api/lists/${list.id}`)).status).toBe(404);
    const mine = await newList(ana);
    expect((await as(ana, `/api/lists/${mine.id}`, { method: 'DELETE' })).status).toBe(204);
    const rows = await t.database.handle.db
      .selectFrom('activities')
      .select('id')
      .where('target_id', '=', mine.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('removes an entry and closes the gap; sets and clears a note (500 characters at most)', async () => {
    const ids = [album(0).id, album(1).id, album(2).id, album(3).id];
    const list = await newList(ana, { itemIds: ids });
    const removed = await as(ana, `/api/lists/${list.id}/entries/${album(1).id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.entriesCount).toBe(3);
    expect(await storedPositions(list.id)).toEqual([
      { item_id: album(0).id, position: 1 },
      { item_id: album(2).id, position: 2 },
      { item_id: album(3).id, position: 3 },
    ]);
    expect((await as(ana, `/api/lists/${list.id}/entries/${album(1).id}`, { method: 'DELETE' })).status).toBe(404);

    const notePath = `/api/lists/${list.id}/entries/${album(2).id}/note`;
    const noted = await as(ana, notePath, { method: 'PUT', body: { note: '  the peak  ' } });
    expect(noted.body.entries[1].note).toBe('the peak');
    const long = await as(ana, notePath, { method: 'PUT', body: { note: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Note must be 500 characters or less');
    expect((await as(ana, notePath, { method: 'PUT', body: { note: '' } })).body.entries[1].note).toBe('');
    const missing = await as(ana, `/api/lists/${list.id}/entries/${album(1).id}/note`, {
      method: 'PUT',
      body: { note: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('reorders to any permutation, and refuses anything else', async () => {
    const ids = [album(0).id, album(1).id, album(2).id];
    const list = await newList(ana, { itemIds: ids });
    const reversed = [...ids].reverse();
    const res = await as(ana, `/api/lists/${list.id}/order`, { method: 'PUT', body: { itemIds: reversed } });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: Json) => e.itemId)).toEqual(reversed);
    for (const bad of [ids.slice(0, 2), [...ids, album(3).id], [ids[0], ids[0], ids[1]], [ids[0], ids[1], 'x']]) {
      const refused = await as(ana, `/api/lists/${list.id}/order`, { method: 'PUT', body: { itemIds: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('The new order must name every entry of the list exactly once');
    }
    expect((await storedPositions(list.id)).map((row) => row.item_id)).toEqual(reversed);
  });

  it('keeps positions 1..n and every entry through 20 concurrent reorders', async () => {
    const ids = albums.slice(0, 12).map((a) => a.id);
    const list = await newList(ana, { itemIds: ids });
    const orders = Array.from({ length: 20 }, (_, i) =>
      [...ids].sort(
        (x, y) => ((x.charCodeAt(i % x.length) * (i + 7)) % 13) - ((y.charCodeAt(i % y.length) * (i + 7)) % 13),
      ),
    );
    const answers = await Promise.all(
      orders.map((itemIds) => as(ana, `/api/lists/${list.id}/order`, { method: 'PUT', body: { itemIds } })),
    );
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    const rows = await storedPositions(list.id);
    expect(rows.map((row) => row.position)).toEqual(ids.map((_, i) => i + 1));
    expect(rows.map((row) => row.item_id).sort()).toEqual([...ids].sort());
    // The stored order is one of the orders asked for, whole.
    expect(orders.map((o) => o.join())).toContain(rows.map((row) => row.item_id).join());
    expect(await storedCount(list.id)).toBe(ids.length);
  });

  it('keeps the count and positions true through concurrent adds and removals', async () => {
    const list = await newList(ana, { kind: 'song' });
    const songs = allTracks.slice(0, 15);
    await Promise.all(songs.map((trackId) => as(ana, `/api/lists/${list.id}/entries`, { body: { trackId } })));
    await Promise.all(
      songs.slice(0, 5).map((id) => as(ana, `/api/lists/${list.id}/entries/${id}`, { method: 'DELETE' })),
    );
    const rows = await storedPositions(list.id);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await storedCount(list.id)).toBe(10);
  });
});

describe('lists: listings', () => {
  it("shows someone's unlisted lists only to them, and never in the public listings", async () => {
    const carla = await createUser(t);
    const open = await newList(carla, { title: 'Open', itemIds: [album(-1).id] });
    const hidden = await newList(carla, { title: 'Hidden', visibility: 'unlisted', itemIds: [album(-1).id] });
    const ids = (res: { body: Json }) => res.body.lists.map((l: Json) => l.id);

    expect(ids(await as(carla, `/api/users/${carla.id}/lists`))).toEqual([hidden.id, open.id]);
    expect(ids(await as(bo, `/api/users/${carla.id}/lists`))).toEqual([open.id]);
    expect(ids(await as(null, `/api/users/${carla.id}/lists`))).toEqual([open.id]);
    const recent = await as(null, '/api/lists?sort=recent&limit=50');
    expect(ids(recent)).toContain(open.id);
    expect(ids(recent)).not.toContain(hidden.id);
    const withAlbum = await as(null, `/api/albums/${album(-1).id}/lists`);
    expect(ids(withAlbum)).toEqual([open.id]);
    // The unlisted list is still readable by its address.
    expect((await as(bo, `/api/lists/${hidden.id}`)).status).toBe(200);
    expect(recent.body.lists.find((l: Json) => l.id === open.id).covers).toHaveLength(1);
    expect((await as(null, '/api/users/nobody/lists')).status).toBe(404);
    expect((await as(null, '/api/albums/no-such-album/lists')).status).toBe(404);
  });

  it("lists the album's lists when only its songs are in them", async () => {
    const list = await newList(bo, { kind: 'song', itemIds: [album(-2).tracks[0]] });
    const res = await as(null, `/api/albums/${album(-2).id}/lists`);
    expect(res.body.lists.map((l: Json) => l.id)).toEqual([list.id]);
  });

  it('pages through public lists, recent and popular, without repeats', async () => {
    for (const sort of ['recent', 'popular']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/lists?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await as(null, query);
        expect(res.status).toBe(200);
        seen.push(...res.body.lists.map((l: Json) => l.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      const all = await as(null, `/api/lists?sort=${sort}&limit=50`);
      expect(seen).toEqual(all.body.lists.map((l: Json) => l.id));
      expect(new Set(seen).size).toBe(seen.length);
    }
    expect((await as(null, '/api/lists?cursor=garbage')).body.error.message).toBe('Invalid cursor');
    expect((await as(null, '/api/lists?sort=oldest')).status).toBe(400);
  });
});

describe('lists: the account', () => {
  it('exports the lists with their entries, and deleting the account removes them all', async () => {
    const dee = await createUser(t);
    const list = await newList(dee, { kind: 'song', itemIds: album(2).tracks.slice(0, 2) });
    await as(dee, `/api/lists/${list.id}/entries/${album(2).tracks[0]}/note`, { method: 'PUT', body: { note: 'n' } });
    const exported = await as(dee, '/api/users/me/export');
    expect(exported.status).toBe(200);
    expect(exported.body.lists).toMatchObject([
      {
        id: list.id,
        title: 'Mine',
        kind: 'song',
        entries_count: 2,
        entries: [
          { item_id: album(2).tracks[0], position: 1, note: 'n' },
          { item_id: album(2).tracks[1], position: 2, note: '' },
        ],
      },
    ]);

    const res = await as(dee, '/api/users/me', { method: 'DELETE', body: { password: dee.password } });
    expect(res.status).toBe(204);
    const db = t.database.handle.db;
    expect(await db.selectFrom('lists').select('id').where('user_id', '=', dee.id).execute()).toEqual([]);
    expect(await db.selectFrom('list_entries').select('item_id').where('list_id', '=', list.id).execute()).toEqual([]);
    // No orphan entries anywhere, and every count equals its rows.
    const counts = await db
      .selectFrom('lists')
      .leftJoin('list_entries', 'list_entries.list_id', 'lists.id')
      .select(['lists.id', 'lists.entries_count', (eb) => eb.fn.count('list_entries.item_id').as('rows')])
      .groupBy(['lists.id', 'lists.entries_count'])
      .execute();
    for (const row of counts) expect(Number(row.entries_count), row.id).toBe(Number(row.rows));
    const orphans = await db
      .selectFrom('list_entries')
      .leftJoin('lists', 'lists.id', 'list_entries.list_id')
      .select('list_entries.list_id')
      .where('lists.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });
});
