import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { albumRatingParts } from './ratings.repository.ts';

/** Ratings, the collection and Rate Later, through real HTTP on a seeded catalogue. */
let t: TestApp;
const ALBUM = 'miles-davis-kind-of-blue';
let tracks: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const album = await call(t, `/api/music/albums/${ALBUM}`);
  tracks = album.body.tracks.map((track: { id: string }) => track.id);
});
afterAll(async () => t.close());

const rate = (who: TestUser, trackId: string, rating: number | null, albumId = ALBUM) =>
  call(t, `/api/albums/${albumId}/tracks/${trackId}/rating`, {
    method: 'PUT',
    body: { rating },
    cookie: who.cookie,
    ip: who.ip,
  });

const count = async (table: 'track_ratings' | 'collection_entries' | 'posts' | 'rate_later' | 'activities') =>
  Number(
    (
      await t.database.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('song ratings', () => {
  it('saves half-star ratings, derives the album rating, and brings them back', async () => {
    const ana = await createUser(t);
    const first = await rate(ana, tracks[0] as string, 9);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rating: 9, albumRating: 4.5, track: { ratingsCount: 1, average: 4.5 } });
    const second = await rate(ana, tracks[1] as string, 6);
    expect(second.body.albumRating).toBe(3.8); // (4.5 + 3) / 2 = 3.75 → 3.8
    const mine = await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: ana.cookie });
    expect(mine.body).toEqual({
      ratings: { [tracks[0] as string]: 9, [tracks[1] as string]: 6 },
      albumRating: 3.8,
      albumRatingChosen: false,
      songsRating: 3.8,
      inCollection: false,
      inRateLater: false,
    });
  });

  it('clears a rating with null and moves the averages back', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[2] as string, 10);
    const cleared = await rate(ana, tracks[2] as string, null);
    expect(cleared.body).toMatchObject({ rating: null, albumRating: null });
    const mine = await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: ana.cookie });
    expect(mine.body.ratings).toEqual({});
  });

  it.each([[0], [11], [4.5], ['5']])('refuses rating %o with 400 and writes nothing', async (rating) => {
    const ana = await createUser(t);
    const before = await count('track_ratings');
    const res = await call(t, `/api/albums/${ALBUM}/tracks/${tracks[0]}/rating`, {
      method: 'PUT',
      body: { rating },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(400);
    expect(await count('track_ratings')).toBe(before);
  });

  it('refuses anonymous ratings and unknown or mismatched tracks', async () => {
    const res = await call(t, `/api/albums/${ALBUM}/tracks/${tracks[0]}/rating`, {
      method: 'PUT',
      body: { rating: 5 },
    });
    expect(res.status).toBe(401);
    const ana = await createUser(t);
    expect((await rate(ana, 'no-such-track', 5)).status).toBe(404);
    expect((await rate(ana, tracks[0] as string, 5, 'radiohead-ok-computer')).status).toBe(404);
    expect((await call(t, `/api/albums/${ALBUM}/my-ratings`)).status).toBe(401);
  });

  it('keeps averages and stats exact under 200 concurrent writes from 20 users', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const writes = Array.from({ length: 200 }, () => {
      const who = users[Math.floor(random() * users.length)] as TestUser;
      const track = tracks[Math.floor(random() * tracks.length)] as string;
      const value = random() < 0.15 ? null : 1 + Math.floor(random() * 10);
      return rate(who, track, value);
    });
    for (const res of await Promise.all(writes)) expect(res.status).toBe(200);

    const db = t.database.handle.db;
    for (const track of tracks) {
      const rows = await db.selectFrom('track_ratings').select('rating').where('track_id', '=', track).execute();
      const stats = await db.selectFrom('track_stats').selectAll().where('track_id', '=', track).executeTakeFirst();
      expect(stats?.ratings_count ?? 0).toBe(rows.length);
      expect(stats?.ratings_sum ?? 0).toBe(rows.reduce((a, r) => a + r.rating, 0));
    }
    const all = await db.selectFrom('track_ratings').select('rating').where('album_id', '=', ALBUM).execute();
    const albumStats = await db
      .selectFrom('album_stats')
      .selectAll()
      .where('album_id', '=', ALBUM)
      .executeTakeFirstOrThrow();
    expect(albumStats.ratings_count).toBe(all.length);
    expect(albumStats.ratings_sum).toBe(all.reduce((a, r) => a + r.rating, 0));
    // Each user's album rating is the rounded mean of their own song ratings.
    for (const user of users) {
      const mine = (await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: user.cookie })).body;
      const values = Object.values(mine.ratings) as number[];
      const expected = values.length ? Math.round((values.reduce((a, b) => a + b, 0) * 5) / values.length) / 10 : null;
      expect(mine.albumRating).toBe(expected);
    }
  }, 60_000);
});

describe('collection', () => {
  it('needs a rated song first', async () => {
    const ana = await createUser(t);
    const res = await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: ana.cookie });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please rate at least one song before adding to collection');
  });

  it('adds the album with a review post and a new_review activity in one go', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[0] as string, 8);
    const res = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: '  Modal jazz at its peak.  ' },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: ALBUM,
      name: 'Kind of Blue',
      artistName: 'Miles Davis',
      rating: 4,
      type: 'album',
    });
    const posts = await call(t, `/api/users/${ana.id}/posts?type=review`);
    expect(posts.body.posts[0]).toMatchObject({
      type: 'review',
      title: 'Kind of Blue',
      content: 'Modal jazz at its peak.',
      rating: 4,
      album: { id: ALBUM, name: 'Kind of Blue', artistName: 'Miles Davis' },
    });
    const community = await call(t, `/api/albums/${ALBUM}/community`);
    expect(community.body.reviews.map((r: { content: string }) => r.content)).toContain('Modal jazz at its peak.');
    const again = await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: ana.cookie });
    expect(again.status).toBe(409);
    expect((await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: ana.cookie })).body.inCollection).toBe(true);
  });

  it('accepts a 2000-character review and refuses 2001 with nothing written', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[0] as string, 8);
    const before = { posts: await count('posts'), entries: await count('collection_entries') };
    const tooLong = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'x'.repeat(2001) },
      cookie: ana.cookie,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe('Review must be 2000 characters or less');
    expect({ posts: await count('posts'), entries: await count('collection_entries') }).toEqual(before);
    const ok = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'x'.repeat(2000) },
      cookie: ana.cookie,
    });
    expect(ok.status).toBe(201);
  });

  it('counts a review in characters, not UTF-16 units: 1,500 emoji are 1,500 characters', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[0] as string, 8);
    const res = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: '🎷'.repeat(1500) },
      cookie: ana.cookie,
    });
    expect(res.status).toBe(201);
    const over = await createUser(t);
    await rate(over, tracks[0] as string, 8);
    const refused = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: '🎷'.repeat(2001) },
      cookie: over.cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Review must be 2000 characters or less');
  });

  it('lists, re-rates and removes entries; only ever the caller’s own', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    await rate(ana, tracks[0] as string, 6);
    await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: ana.cookie });
    expect((await call(t, '/api/users/me/collection', { cookie: ana.cookie })).body).toHaveLength(1);
    expect((await call(t, '/api/users/me/collection', { cookie: bo.cookie })).body).toEqual([]);

    // Bo cannot touch Ana's entry: his own list has no such album.
    expect(
      (
        await call(t, `/api/users/me/collection/${ALBUM}/rating`, {
          method: 'PUT',
          body: { rating: 1 },
          cookie: bo.cookie,
        })
      ).status,
    ).toBe(404);
    expect((await call(t, `/api/users/me/collection/${ALBUM}`, { method: 'DELETE', cookie: bo.cookie })).status).toBe(
      404,
    );

    const rerated = await call(t, `/api/users/me/collection/${ALBUM}/rating`, {
      method: 'PUT',
      body: { rating: 4.5 },
      cookie: ana.cookie,
    });
    expect(rerated.body.rating).toBe(4.5);
    expect(
      (
        await call(t, `/api/users/me/collection/${ALBUM}/rating`, {
          method: 'PUT',
          body: { rating: 6 },
          cookie: ana.cookie,
        })
      ).status,
    ).toBe(400);
    expect((await call(t, `/api/users/${ana.id}/collection`)).body[0]).toMatchObject({ id: ALBUM, rating: 4.5 });

    expect((await call(t, `/api/users/me/collection/${ALBUM}`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(
      204,
    );
    expect((await call(t, '/api/users/me/collection', { cookie: ana.cookie })).body).toEqual([]);
  });

  it('answers 401 to signed-out calls', async () => {
    expect((await call(t, '/api/users/me/collection')).status).toBe(401);
    expect((await call(t, '/api/users/me/collection', { body: { albumId: ALBUM } })).status).toBe(401);
    expect((await call(t, `/api/users/me/collection/${ALBUM}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('rate later', () => {
  it('saves an album once, lists it publicly, and removes it', async () => {
    const ana = await createUser(t);
    const body = { albumId: ALBUM, name: 'ignored', artistName: 'ignored', imageUrl: 'http://evil.example/x.png' };
    expect((await call(t, '/api/users/me/ratelater', { body, cookie: ana.cookie })).status).toBe(201);
    const again = await call(t, '/api/users/me/ratelater', { body, cookie: ana.cookie });
    expect(again.body).toMatchObject({ id: ALBUM, name: 'Kind of Blue', artistName: 'Miles Davis' });
    expect(again.body.imageUrl).not.toContain('evil');
    expect((await call(t, `/api/users/${ana.id}/ratelater`)).body).toHaveLength(1);
    expect((await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: ana.cookie })).body.inRateLater).toBe(true);
    expect((await call(t, `/api/users/me/ratelater/${ALBUM}`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(
      204,
    );
    expect((await call(t, '/api/users/me/ratelater', { cookie: ana.cookie })).body).toEqual([]);
  });

  it('asks visitors to log in with the spec message, and 404s an unknown album', async () => {
    const res = await call(t, '/api/users/me/ratelater', { body: { albumId: ALBUM } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Please log in to add albums to your rate later list');
    const ana = await createUser(t);
    expect((await call(t, '/api/users/me/ratelater', { body: { albumId: 'nope' }, cookie: ana.cookie })).status).toBe(
      404,
    );
  });

  it('lets an album go once it is in the collection, in the same step', async () => {
    const ana = await createUser(t);
    await call(t, '/api/users/me/ratelater', { body: { albumId: ALBUM }, cookie: ana.cookie });
    await rate(ana, tracks[0] as string, 8);
    expect((await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: ana.cookie })).status).toBe(
      201,
    );
    expect((await call(t, '/api/users/me/ratelater', { cookie: ana.cookie })).body).toEqual([]);
    expect((await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: ana.cookie })).body).toMatchObject({
      inCollection: true,
      inRateLater: false,
    });
  });

  it('keeps the album on the list when adding it to the collection is refused', async () => {
    const ana = await createUser(t);
    await call(t, '/api/users/me/ratelater', { body: { albumId: ALBUM }, cookie: ana.cookie });
    // Not rated yet: the collection refuses it, and nothing else changes.
    const refused = await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: ana.cookie });
    expect(refused.status).toBe(400);
    expect((await call(t, '/api/users/me/ratelater', { cookie: ana.cookie })).body).toHaveLength(1);
  });
});

it('refuses an album already in the collection, even when both are asked for at once', async () => {
  const ana = await createUser(t);
  await rate(ana, tracks[0] as string, 8);
  await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: ana.cookie });
  const refused = await call(t, '/api/users/me/ratelater', { body: { albumId: ALBUM }, cookie: ana.cookie });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toEqual({
    code: 'ALREADY_IN_COLLECTION',
    message: 'This album is already in your collection',
  });
  expect((await call(t, '/api/users/me/ratelater', { cookie: ana.cookie })).body).toEqual([]);

  // Collection and Rate Later raced: whichever wins, the album ends in the collection only.
  const bo = await createUser(t);
  await rate(bo, tracks[0] as string, 8);
  await Promise.all([
    call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: bo.cookie }),
    call(t, '/api/users/me/ratelater', { body: { albumId: ALBUM }, cookie: bo.cookie }),
  ]);
  expect((await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: bo.cookie })).body).toMatchObject({
    inCollection: true,
    inRateLater: false,
  });
});

describe('one album rating per person (ADR 21)', () => {
  const myRating = (who: TestUser, rating: number | null, albumId = ALBUM) =>
    call(t, `/api/albums/${albumId}/my-rating`, { method: 'PUT', body: { rating }, cookie: who.cookie, ip: who.ip });
  const mine = async (who: TestUser) => (await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: who.cookie })).body;

  it('is the chosen rating when there is one, the songs mean otherwise, and null goes back to the mean', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[0] as string, 6);
    await rate(ana, tracks[1] as string, 8);
    expect(await mine(ana)).toMatchObject({ albumRating: 3.5, albumRatingChosen: false, songsRating: 3.5 });

    const chosen = await myRating(ana, 9);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ albumRating: 4.5, albumRatingChosen: true, songsRating: 3.5 });
    // Rating another song moves the mean, not the chosen rating.
    const song = await rate(ana, tracks[2] as string, 10);
    expect(song.body).toMatchObject({ albumRating: 4.5, albumRatingChosen: true, songsRating: 4 });
    expect(await mine(ana)).toMatchObject({ albumRating: 4.5, albumRatingChosen: true, songsRating: 4 });

    const cleared = await myRating(ana, null);
    expect(cleared.body).toEqual({ albumRating: 4, albumRatingChosen: false, songsRating: 4 });
  });

  it('shows the same number on the album page, in the collection and on the review', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[0] as string, 6);
    const added = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'Grew on me.' },
      cookie: ana.cookie,
    });
    expect(added.body.rating).toBe(3);
    // The collection's edit chooses the album rating.
    const edited = await call(t, `/api/users/me/collection/${ALBUM}/rating`, {
      method: 'PUT',
      body: { rating: 4.5 },
      cookie: ana.cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.rating).toBe(4.5);
    expect(await mine(ana)).toMatchObject({ albumRating: 4.5, albumRatingChosen: true, songsRating: 3 });
    const collection = await call(t, `/api/users/${ana.id}/collection`);
    expect(collection.body.find((e: { id: string }) => e.id === ALBUM).rating).toBe(4.5);
    const posts = await call(t, `/api/users/${ana.id}/posts?type=review`);
    expect(posts.body.posts[0]).toMatchObject({ type: 'review', rating: 4.5 });
    const community = await call(t, `/api/albums/${ALBUM}/community`);
    const review = community.body.reviews.find((r: { userId: string }) => r.userId === ana.id);
    expect(review.rating).toBe(4.5);
  });

  it('refuses signed-out callers with the wording, unknown albums and ratings off the half-star scale', async () => {
    const signedOut = await call(t, `/api/albums/${ALBUM}/my-rating`, { method: 'PUT', body: { rating: 6 } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.message).toBe('Please log in to rate albums');
    const ana = await createUser(t);
    expect((await myRating(ana, 6, 'no-such-album')).body.error.code).toBe('ALBUM_NOT_FOUND');
    for (const rating of [0, 11, 4.5, '8']) {
      const res = await call(t, `/api/albums/${ALBUM}/my-rating`, {
        method: 'PUT',
        body: { rating },
        cookie: ana.cookie,
      });
      expect(res.status, String(rating)).toBe(400);
    }
    expect(await mine(ana)).toMatchObject({ albumRating: null, albumRatingChosen: false });
  });

  it('reads the ratings of a collection far larger than one statement may bind', async () => {
    const ana = await createUser(t);
    await rate(ana, tracks[0] as string, 7);
    // 40 000 album ids: more than SQLite binds in one statement (32 766); the real one is last.
    const ids = [...Array.from({ length: 40_000 }, (_, i) => `no-such-album-${i}`), ALBUM];
    const parts = await albumRatingParts(t.database.handle.db, [ana.id], ids);
    expect(parts).toEqual([{ userId: ana.id, albumId: ALBUM, songs: 35, chosen: null }]);
  });
});
