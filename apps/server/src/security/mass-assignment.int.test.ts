import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build-app.ts';
import { call, nextIp, type TestUser } from '../test/users.ts';
import { startWithThreeUsers, type ThreeUsers } from './suite-helpers.ts';

/**
 * Fields a client must not set: whatever extra keys a body carries (role, counters, owners, ids,
 * flags), the rows read back from the database are the ones the rules allow. Each write is either
 * refused with a 4xx or succeeds with the extra keys ignored.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
let albumIds: string[];

beforeAll(async () => {
  let albums: ThreeUsers['albums'];
  ({ t, a, b, admin, albums } = await startWithThreeUsers(3));
  albumIds = albums.map((album) => album.id);
  for (const album of albums) {
    const rated = await call(t, `/api/albums/${album.id}/tracks/${album.trackId}/rating`, {
      method: 'PUT',
      body: { rating: 6 },
      cookie: a.cookie,
    });
    expect(rated.status).toBe(200);
  }
});

afterAll(async () => {
  await t.close();
});

const db = () => t.database.handle.db;
const userRow = (id: string) => db().selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const profileRow = (id: string) =>
  db().selectFrom('profiles').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();

/** A write that carried forbidden fields is acceptable only as a refusal or as a plain success. */
function expectRefusedOrIgnored(status: number) {
  expect(status === 200 || status === 201 || (status >= 400 && status < 500), `status ${status}`).toBe(true);
}

describe('profile update', () => {
  it('ignores role, counters, setup flag, owner, picture and e-mail sent with a bio', async () => {
    const before = await profileRow(a.id);
    const userBefore = await userRow(a.id);
    const bBefore = await profileRow(b.id);
    const res = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: a.cookie,
      body: {
        bio: 'only this',
        role: 'admin',
        follower_count: 9999,
        followerCount: 9999,
        following_count: 9999,
        followingCount: 9999,
        setup_complete: true,
        setupComplete: true,
        user_id: b.id,
        userId: b.id,
        picture_url: 'https://evil.example/p.png',
        pictureUrl: 'https://evil.example/p.png',
        email: 'taken-over@evil.example',
        created_at: '2000-01-01T00:00:00.000Z',
      },
    });
    expectRefusedOrIgnored(res.status);
    const after = await profileRow(a.id);
    expect({ ...after, bio: before.bio }).toEqual(before);
    if (res.status === 200) expect(after.bio).toBe('only this');
    const userAfter = await userRow(a.id);
    expect(userAfter.role).toBe('user');
    expect(userAfter.email).toBe(userBefore.email);
    expect(await profileRow(b.id)).toEqual(bBefore);
  });
});

describe('sign-up', () => {
  it.each([
    { role: 'admin' },
    { emailVerified: true },
    { image: 'https://evil.example/tracker.png' },
    { id: 'chosen-id', createdAt: '2000-01-01T00:00:00.000Z' },
    { role: 'admin', emailVerified: true, image: 'https://evil.example/tracker.png' },
  ])('does not take %o from the sign-up body', async (extra) => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const email = `mass-${suffix}@example.com`;
    const res = await call(t, '/api/auth/sign-up/email', {
      body: { name: `mass_${suffix}`, email, password: 'a fine password', ...extra },
      ip: nextIp(),
    });
    expectRefusedOrIgnored(res.status);
    const user = await db().selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
    if (res.status !== 200) {
      expect(user).toBeUndefined();
      return;
    }
    if (!user) throw new Error('sign-up answered 200 without creating the user');
    expect(user.role).toBe('user');
    expect(Boolean(user.emailVerified)).toBe(false);
    expect(user.id).not.toBe('chosen-id');
    expect(new Date(user.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect(user.image ?? null, 'user.image').toBeNull();
    expect((await profileRow(user.id)).picture_url, 'profile picture').toBeNull();
  });
});

describe('Better Auth update-user', () => {
  it('changes neither role, e-mail, verification nor image', async () => {
    const before = await userRow(b.id);
    for (const body of [
      { role: 'admin' },
      { email: 'new@evil.example' },
      { emailVerified: true },
      { image: 'https://evil.example/tracker.png' },
      { name: before.name, role: 'admin', email: 'new@evil.example', emailVerified: true },
    ]) {
      const res = await call(t, '/api/auth/update-user', { body, cookie: b.cookie, ip: b.ip });
      expectRefusedOrIgnored(res.status);
    }
    const after = await userRow(b.id);
    expect(after.role).toBe('user');
    expect(after.email).toBe(before.email);
    expect(Boolean(after.emailVerified)).toBe(Boolean(before.emailVerified));
    expect(after.image ?? null).toBe(before.image ?? null);
    expect((await profileRow(b.id)).picture_url).toBeNull();
  });
});

describe('posts', () => {
  it('keeps the author, counters and ids of a new note to the server', async () => {
    const res = await call(t, '/api/posts', {
      cookie: a.cookie,
      body: {
        title: 'mine',
        content: 'mine',
        id: 'chosen-post-id',
        user_id: b.id,
        userId: b.id,
        likes_count: 500,
        likesCount: 500,
        comments_count: 7,
        commentsCount: 7,
        type: 'review',
        album_id: albumIds[0],
        rating_tenths: 50,
        created_at: '2000-01-01T00:00:00.000Z',
      },
    });
    expectRefusedOrIgnored(res.status);
    const rows = await db().selectFrom('posts').selectAll().where('title', '=', 'mine').execute();
    if (res.status !== 201) {
      expect(rows).toEqual([]);
      return;
    }
    expect(rows).toHaveLength(1);
    const post = rows[0];
    expect(post).toMatchObject({
      user_id: a.id,
      type: 'note',
      album_id: null,
      rating_tenths: null,
      likes_count: 0,
      comments_count: 0,
    });
    expect(post?.id).not.toBe('chosen-post-id');
    expect(post?.created_at.startsWith('2000')).toBe(false);
    expect(await db().selectFrom('posts').select('id').where('user_id', '=', b.id).execute()).toEqual([]);
  });
});

describe('collection and rate later', () => {
  it("adds to the caller's own collection with the caller's rating, whatever owner or rating the body names", async () => {
    const albumId = albumIds[0] as string;
    const res = await call(t, '/api/users/me/collection', {
      cookie: a.cookie,
      body: {
        albumId,
        userId: b.id,
        user_id: b.id,
        rating: 0.5,
        rating_tenths: 5,
        reviewPostId: 'x',
        dateAdded: '2000',
      },
    });
    expectRefusedOrIgnored(res.status);
    expect(await db().selectFrom('collection_entries').selectAll().where('user_id', '=', b.id).execute()).toEqual([]);
    if (res.status === 201) {
      const entry = await db()
        .selectFrom('collection_entries')
        .selectAll()
        .where('user_id', '=', a.id)
        .where('album_id', '=', albumId)
        .executeTakeFirstOrThrow();
      // A rated the album's first song 6 half stars: the album rating is 3 stars, not the body's.
      expect(entry.rating_tenths).toBe(30);
      expect(entry.review_post_id).toBeNull();
      expect(entry.date_added.startsWith('2000')).toBe(false);
    }
  });

  it("sets a collection rating on the caller's own entry only", async () => {
    const albumId = albumIds[0] as string;
    const res = await call(t, `/api/users/me/collection/${albumId}/rating`, {
      method: 'PUT',
      cookie: b.cookie,
      body: { rating: 1, userId: a.id, user_id: a.id },
    });
    expect(res.status).toBe(404);
    const entry = await db()
      .selectFrom('collection_entries')
      .select('rating_tenths')
      .where('user_id', '=', a.id)
      .where('album_id', '=', albumId)
      .executeTakeFirst();
    expect(entry?.rating_tenths ?? 30).toBe(30);
  });

  it("shows a rate-later entry with the catalogue's name and cover, never the body's", async () => {
    const albumId = albumIds[1] as string;
    const res = await call(t, '/api/users/me/ratelater', {
      cookie: a.cookie,
      body: {
        albumId,
        name: '<img src=x onerror=alert(1)>',
        artistName: 'Evil',
        imageUrl: 'https://evil.example/c.png',
        userId: b.id,
      },
    });
    expectRefusedOrIgnored(res.status);
    const album = await db().selectFrom('albums').selectAll().where('id', '=', albumId).executeTakeFirstOrThrow();
    const list = await call(t, `/api/users/${a.id}/ratelater`);
    const entry = list.body.find((e: { id: string }) => e.id === albumId);
    if (res.status === 201) {
      expect(entry.name).toBe(album.title);
      expect(entry.artistName).toBe(album.artist_name);
      expect(entry.imageUrl).not.toContain('evil.example');
    }
    expect((await call(t, `/api/users/${b.id}/ratelater`)).body).toEqual([]);
  });

  it('records a song rating for the caller, not for the user the body names', async () => {
    const track = await db()
      .selectFrom('tracks')
      .select(['id', 'album_id'])
      .where('album_id', '=', albumIds[2] as string)
      .where('position', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await call(t, `/api/albums/${track.album_id}/tracks/${track.id}/rating`, {
      method: 'PUT',
      cookie: b.cookie,
      body: { rating: 10, userId: a.id, user_id: a.id },
    });
    expect(res.status).toBe(200);
    const rows = await db()
      .selectFrom('track_ratings')
      .select(['user_id', 'rating'])
      .where('track_id', '=', track.id)
      .execute();
    // Compared without an order: SQLite and PostgreSQL collate mixed-case ids differently.
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { user_id: a.id, rating: 6 },
        { user_id: b.id, rating: 10 },
      ]),
    );
  });
});

describe('featured playlists', () => {
  it('takes neither id, position, creation time nor an outside cover from the admin body', async () => {
    const res = await call(t, '/api/admin/featured-playlists', {
      cookie: admin.cookie,
      body: {
        spotifyUrl: 'https://open.spotify.com/playlist/37i9dQZF1DX4JAvHpjipBk',
        title: 'Mass',
        id: 'chosen-playlist-id',
        position: -100,
        imageUrl: 'https://evil.example/cover.png',
        image_url: 'https://evil.example/cover.png',
        createdAt: '2000-01-01T00:00:00.000Z',
        type: 'album',
      },
    });
    expectRefusedOrIgnored(res.status);
    const row = await db().selectFrom('featured_playlists').selectAll().where('title', '=', 'Mass').executeTakeFirst();
    if (res.status !== 201) {
      expect(row).toBeUndefined();
      return;
    }
    if (!row) throw new Error('created playlist not stored');
    expect(row.id).toBe('37i9dQZF1DX4JAvHpjipBk');
    expect(row.position).toBeGreaterThanOrEqual(0);
    expect(row.image_url ?? '').not.toContain('evil.example');
    expect(row.created_at.startsWith('2000')).toBe(false);

    const update = await call(t, `/api/admin/featured-playlists/${row.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { title: 'Mass 2', id: 'other-id', url: 'https://evil.example/', imageUrl: 'https://evil.example/c.png' },
    });
    expectRefusedOrIgnored(update.status);
    const after = await db()
      .selectFrom('featured_playlists')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.url).toBe(row.url);
    expect(after.image_url ?? '').not.toContain('evil.example');
    expect(await db().selectFrom('featured_playlists').select('id').where('id', '=', 'other-id').execute()).toEqual([]);
  });
});
