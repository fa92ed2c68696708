import { FEED_PAGE_SIZE } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

/** The activity feed and everyone's recent activity, through real HTTP. */
let t: TestApp;
const ALBUM = 'miles-davis-kind-of-blue';
let tracks: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
  tracks = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks.map((track: { id: string }) => track.id);
});
afterAll(async () => t.close());

const follow = (who: TestUser, target: TestUser) =>
  call(t, `/api/users/${target.id}/follow`, { method: 'POST', body: {}, cookie: who.cookie, ip: who.ip });
const rate = (who: TestUser, trackId: string, rating: number | null, albumId = ALBUM) =>
  call(t, `/api/albums/${albumId}/tracks/${trackId}/rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });
const feed = (who: TestUser, cursor?: string) =>
  call(t, `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie: who.cookie });
const recent = (cursor?: string) =>
  call(t, `/api/activity/recent${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

interface Entry {
  id: string;
  action: string;
  createdAt: string;
  actor: { userId: string; displayName: string };
  [key: string]: unknown;
}

/** Every page of a feed, following nextCursor to the end. */
async function allPages(read: (cursor?: string) => ReturnType<typeof call>): Promise<Entry[][]> {
  const pages: Entry[][] = [];
  let cursor: string | undefined;
  do {
    const res = await read(cursor);
    expect(res.status).toBe(200);
    pages.push(res.body.entries);
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

/** Entries written straight into the log, at chosen times (ties included), for paging tests. */
async function seedActivities(userId: string, times: string[]): Promise<string[]> {
  const rows = times.map((created_at, i) => ({
    id: `seed-${userId}-${String(i).padStart(3, '0')}`,
    user_id: userId,
    action: 'new_note' as const,
    target_id: `seed-post-${userId}-${i}`,
    data: JSON.stringify({ postTitle: `Seeded note ${i}` }),
    created_at,
  }));
  // Each entry's note exists (the feed shows a note's entry only to those who may read the note).
  await t.database.handle.db
    .insertInto('posts')
    .values(
      rows.map((row, i) => ({
        id: row.target_id,
        user_id: userId,
        type: 'note' as const,
        title: `Seeded note ${i}`,
        content: 'seeded',
        created_at: row.created_at,
        updated_at: row.created_at,
      })),
    )
    .execute();
  await t.database.handle.db.insertInto('activities').values(rows).execute();
  return rows.map((row) => row.id);
}

const sameOrder = (a: Entry, b: Entry) => (a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt);

describe('GET /api/feed', () => {
  it("answers 401 'User must be logged in to see their feed' signed out", async () => {
    const res = await call(t, '/api/feed');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'UNAUTHORIZED', message: 'User must be logged in to see their feed' });
  });

  it('shows what the people I follow did, newest first, and nobody else', async () => {
    const [ana, bo, cy, dee] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    expect((await feed(ana)).body).toEqual({ entries: [], nextCursor: null });
    await follow(ana, bo);
    await follow(ana, cy);
    await follow(bo, dee); // bo's follow shows; dee's own doings do not
    await rate(dee, tracks[0] as string, 8); // someone ana does not follow
    await rate(ana, tracks[0] as string, 6); // ana herself
    await rate(bo, tracks[0] as string, 9);
    const review = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'Blue in green, forever.' },
      cookie: cy.cookie,
      ip: cy.ip,
    });
    expect(review.status).toBe(400); // cy rated nothing yet: the collection's own rule
    await rate(cy, tracks[1] as string, 7);
    await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'Blue in green, forever.' },
      cookie: cy.cookie,
      ip: cy.ip,
    });
    const note = await call(t, '/api/posts', {
      body: { title: 'Liner notes', content: 'On modal jazz.' },
      cookie: bo.cookie,
      ip: bo.ip,
    });

    const res = await feed(ana);
    expect(res.status).toBe(200);
    const entries: Entry[] = res.body.entries;
    expect(new Set(entries.map((e) => e.actor.userId))).toEqual(new Set([bo.id, cy.id]));
    for (let i = 1; i < entries.length; i++) expect(sameOrder(entries[i - 1] as Entry, entries[i] as Entry)).toBe(true);
    const byAction = (action: string, who: TestUser) =>
      entries.find((e) => e.action === action && e.actor.userId === who.id);
    expect(byAction('new_note', bo)).toMatchObject({ post: { id: note.body.id, title: 'Liner notes' } });
    expect(byAction('followed_user', bo)).toMatchObject({
      actor: { userId: bo.id, displayName: bo.name },
      user: { userId: dee.id, displayName: dee.name },
    });
    expect(byAction('rated_album', bo)).toMatchObject({
      album: { id: ALBUM, title: 'Kind of Blue', artist: 'Miles Davis', rating: 4.5 },
    });
    const reviewEntry = byAction('new_review', cy);
    const reviewId = (await call(t, `/api/users/${cy.id}/posts?type=review`)).body.posts[0].id;
    expect(reviewEntry).toMatchObject({
      post: { id: reviewId, title: 'Kind of Blue' },
      album: { id: ALBUM, title: 'Kind of Blue', artist: 'Miles Davis', rating: 3.5 },
    });
    expect((reviewEntry?.album as { cover?: string } | undefined)?.cover).toMatch(/^\/api\/music\/covers\/|^https?:/);
    // bo: follow, rating, note; cy: the review, which carries the rating cy's rating entry would repeat.
    expect(entries).toHaveLength(4);
    expect(byAction('rated_album', cy)).toBeUndefined();
  });

  it('pages with a cursor: every entry once, in order, across pages, ties in time included', async () => {
    const [ana, bo, cy] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await follow(ana, bo);
    await follow(ana, cy);
    // 47 entries over 30 distinct times: pages of 20 cut through runs of equal times.
    const times = Array.from({ length: 47 }, (_, i) => `2020-01-01T00:00:${String(i % 30).padStart(2, '0')}.000Z`);
    const ids = [
      ...(await seedActivities(bo.id, times.slice(0, 24))),
      ...(await seedActivities(cy.id, times.slice(24))),
    ];
    const pages = await allPages((cursor) => feed(ana, cursor));
    const seen = pages.flat().filter((e) => e.id.startsWith('seed-'));
    expect(pages.slice(0, -1).every((page) => page.length === FEED_PAGE_SIZE)).toBe(true);
    expect(seen.map((e) => e.id).sort()).toEqual([...ids].sort());
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    for (let i = 1; i < seen.length; i++) expect(sameOrder(seen[i - 1] as Entry, seen[i] as Entry)).toBe(true);
  });

  it("refuses a cursor it did not make with 400 'Invalid cursor'", async () => {
    const ana = await createUser(t);
    const res = await feed(ana, 'not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid cursor');
    expect((await recent('e30')).status).toBe(400);
  });

  it('unfollowing takes their entries out of my feed; following back brings them again', async () => {
    const [ana, bo] = await Promise.all([createUser(t), createUser(t)]);
    await follow(ana, bo);
    await rate(bo, tracks[0] as string, 10);
    expect((await feed(ana)).body.entries.map((e: Entry) => e.action)).toEqual(['rated_album']);
    await call(t, `/api/users/${bo.id}/follow`, { method: 'DELETE', cookie: ana.cookie, ip: ana.ip });
    expect((await feed(ana)).body.entries).toEqual([]);
    await follow(ana, bo);
    expect((await feed(ana)).body.entries).toHaveLength(1);
  });
});

describe('lists in the feed', () => {
  it('shows a public list by its title now, and drops it once unlisted or deleted', async () => {
    const [ana, bo] = await Promise.all([createUser(t), createUser(t)]);
    await follow(ana, bo);
    const made = await call(t, '/api/lists', {
      body: { title: 'Rainy days', kind: 'album' },
      cookie: bo.cookie,
      ip: bo.ip,
    });
    expect(made.status).toBe(201);
    const listId = made.body.id;
    expect((await feed(ana)).body.entries).toMatchObject([
      { action: 'created_list', actor: { userId: bo.id }, list: { id: listId, title: 'Rainy days' } },
    ]);
    const patch = (body: unknown) =>
      call(t, `/api/lists/${listId}`, { method: 'PATCH', body, cookie: bo.cookie, ip: bo.ip });
    expect((await patch({ title: 'Rainy nights' })).status).toBe(200);
    expect((await feed(ana)).body.entries[0].list).toEqual({ id: listId, title: 'Rainy nights' });
    await patch({ visibility: 'unlisted' });
    expect((await feed(ana)).body.entries).toEqual([]);
    await patch({ visibility: 'public' });
    expect((await feed(ana)).body.entries).toHaveLength(1);
    await call(t, `/api/lists/${listId}`, { method: 'DELETE', cookie: bo.cookie, ip: bo.ip });
    expect((await feed(ana)).body.entries).toEqual([]);
  });

  it('pages past an unlisted list without ending early', async () => {
    const [ana, bo] = await Promise.all([createUser(t), createUser(t)]);
    await follow(ana, bo);
    const made = await call(t, '/api/lists', {
      body: { title: 'Hidden', kind: 'album', visibility: 'unlisted' },
      cookie: bo.cookie,
      ip: bo.ip,
    });
    // Made public, then unlisted again: its entry stays in the log, newest of all, and is not shown.
    await t.database.handle.db
      .insertInto('activities')
      .values({
        id: 'z-hidden-list',
        user_id: bo.id,
        action: 'created_list',
        target_id: made.body.id,
        data: '{"listTitle":"Hidden"}',
        created_at: '2021-01-01T00:00:00.000Z',
      })
      .execute();
    const times = Array.from(
      { length: FEED_PAGE_SIZE + 1 },
      (_, i) => `2020-06-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    );
    const ids = await seedActivities(bo.id, times);
    const pages = await allPages((cursor) => feed(ana, cursor));
    expect(pages.map((page) => page.length)).toEqual([FEED_PAGE_SIZE, 1]);
    expect(
      pages
        .flat()
        .map((e) => e.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('never shows an unlisted list, in a feed or in recent activity', async () => {
    const [ana, bo] = await Promise.all([createUser(t), createUser(t)]);
    await follow(ana, bo);
    const made = await call(t, '/api/lists', {
      body: { title: 'Secret', kind: 'song', visibility: 'unlisted' },
      cookie: bo.cookie,
      ip: bo.ip,
    });
    expect(made.status).toBe(201);
    expect((await feed(ana)).body.entries).toEqual([]);
    expect(JSON.stringify((await recent()).body)).not.toContain(made.body.id);
  });
});

describe('follows in the feed', () => {
  it('an unfollow takes back "ana followed bo"; following again says it once', async () => {
    const [ana, bo, cy] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await follow(cy, ana);
    await follow(ana, bo);
    const follows = async () => ((await feed(cy)).body.entries as Entry[]).filter((e) => e.action === 'followed_user');
    expect(await follows()).toMatchObject([{ actor: { userId: ana.id }, user: { userId: bo.id } }]);
    await call(t, `/api/users/${bo.id}/follow`, { method: 'DELETE', cookie: ana.cookie, ip: ana.ip });
    expect(await follows()).toEqual([]);
    await follow(ana, bo);
    expect(await follows()).toHaveLength(1);
  });
});

describe('album ratings in the feed', () => {
  it('rating twelve songs of one album in a day is one entry carrying the latest album rating', async () => {
    const [ana, bo] = await Promise.all([createUser(t), createUser(t)]);
    await follow(ana, bo);
    const db = t.database.handle.db;
    const big = await db
      .selectFrom('tracks')
      .select('album_id')
      .groupBy('album_id')
      .having((eb) => eb.fn.countAll(), '>=', 12)
      .orderBy('album_id')
      .executeTakeFirstOrThrow();
    const albumTracks = (await call(t, `/api/music/albums/${big.album_id}`)).body.tracks.map(
      (track: { id: string }) => track.id,
    );
    for (const [i, trackId] of albumTracks.slice(0, 12).entries()) {
      expect((await rate(bo, trackId, i < 11 ? 10 : 4, big.album_id)).status).toBe(200);
    }
    const last = await call(t, `/api/albums/${big.album_id}/my-ratings`, { cookie: bo.cookie });
    const entries: Entry[] = (await feed(ana)).body.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'rated_album',
      album: { id: big.album_id, rating: last.body.albumRating },
    });
    expect(last.body.albumRating).toBe(4.8); // (11 × 5 + 2) / 12 = 4.75 → 4.8
    const rows = await db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', bo.id)
      .where('action', '=', 'rated_album')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("a chosen album rating moves the entry; clearing every rating removes that day's entry", async () => {
    const [ana, bo] = await Promise.all([createUser(t), createUser(t)]);
    await follow(ana, bo);
    await rate(bo, tracks[0] as string, 6);
    await rate(bo, tracks[1] as string, 8);
    expect((await feed(ana)).body.entries[0]).toMatchObject({ album: { rating: 3.5 } });
    const chosen = await call(t, `/api/albums/${ALBUM}/my-rating`, {
      method: 'PUT',
      body: { rating: 9 },
      cookie: bo.cookie,
      ip: bo.ip,
    });
    expect(chosen.status).toBe(200);
    expect((await feed(ana)).body.entries).toMatchObject([{ action: 'rated_album', album: { rating: 4.5 } }]);
    await call(t, `/api/albums/${ALBUM}/my-rating`, { method: 'PUT', body: { rating: null }, cookie: bo.cookie });
    await rate(bo, tracks[0] as string, null);
    expect((await feed(ana)).body.entries).toMatchObject([{ album: { rating: 4 } }]);
    await rate(bo, tracks[1] as string, null);
    expect((await feed(ana)).body.entries).toEqual([]);
  });
});

describe('GET /api/activity/recent', () => {
  it("is public: everyone's entries, newest first, paged", async () => {
    const bo = await createUser(t);
    const note = await call(t, '/api/posts', {
      body: { title: 'For everyone', content: 'Hello.' },
      cookie: bo.cookie,
      ip: bo.ip,
    });
    const res = await recent();
    expect(res.status).toBe(200);
    expect(res.body.entries[0]).toMatchObject({
      action: 'new_note',
      actor: { userId: bo.id, displayName: bo.name },
      post: { id: note.body.id, title: 'For everyone' },
    });
    const pages = await allPages(recent);
    const all = pages.flat();
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++) expect(sameOrder(all[i - 1] as Entry, all[i] as Entry)).toBe(true);
  });

  it('loses a deleted post', async () => {
    const bo = await createUser(t);
    const note = await call(t, '/api/posts', { body: { title: 'Gone soon', content: 'x' }, cookie: bo.cookie });
    await call(t, `/api/posts/${note.body.id}`, { method: 'DELETE', cookie: bo.cookie });
    const all = (await allPages(recent)).flat();
    expect(all.some((e) => (e.post as { id: string } | undefined)?.id === note.body.id)).toBe(false);
  });
});

describe('account deletion', () => {
  it('leaves no activity by the deleted user or about them, in any feed, and keeps it in the export until then', async () => {
    const [ana, bo, cy] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await follow(ana, bo);
    await follow(bo, ana);
    await follow(cy, ana);
    await follow(cy, bo);
    await rate(ana, tracks[0] as string, 8);
    await call(t, '/api/users/me/collection', { body: { albumId: ALBUM, review: 'Bye' }, cookie: ana.cookie });
    const before: Entry[] = (await feed(cy)).body.entries;
    expect(before.some((e) => e.actor.userId === bo.id && e.action === 'followed_user')).toBe(true);
    const exported = await call(t, '/api/users/me/export', { cookie: ana.cookie });
    expect(exported.body.activities.map((a: { action: string }) => a.action).sort()).toEqual([
      'followed_user',
      'new_review',
      'rated_album',
    ]);

    const res = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: ana.password },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(204);
    const db = t.database.handle.db;
    const left = await db
      .selectFrom('activities')
      .select('id')
      .where((eb) => eb.or([eb('user_id', '=', ana.id), eb('target_id', '=', ana.id)]))
      .execute();
    expect(left).toEqual([]);
    // Ana's own entries went with her, and so did bo's "followed ana" from cy's feed.
    expect((await feed(bo)).body.entries).toEqual([]);
    expect((await feed(cy)).body.entries).toEqual([]);
    expect(JSON.stringify((await allPages(recent)).flat())).not.toContain(ana.id);
  });
});
