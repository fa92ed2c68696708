import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const createNote = (who: TestUser, body: unknown) => call(t, '/api/posts', { body, cookie: who.cookie, ip: who.ip });
const postCount = async () =>
  Number(
    (
      await t.database.handle.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('notes', () => {
  it('creates a trimmed note, lists it on the author, and records a new_note activity', async () => {
    const ana = await createUser(t, { name: 'Note Writer' });
    const res = await createNote(ana, { title: '  First  ', content: '  Hello world ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: ana.id,
      userDisplayName: 'Note Writer',
      type: 'note',
      title: 'First',
      content: 'Hello world',
      album: null,
      rating: null,
      likesCount: 0,
      commentsCount: 0,
    });
    const list = await call(t, `/api/users/${ana.id}/posts`);
    expect(list.body.posts.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
    const activity = await t.database.handle.db
      .selectFrom('activities')
      .selectAll()
      .where('target_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(activity.action).toBe('new_note');
  });

  it.each([
    [{ title: '', content: 'x' }, 'Title is required'],
    [{ title: 'x', content: '  ' }, 'Content is required'],
    [{ title: 'x'.repeat(101), content: 'x' }, 'Title must be 100 characters or less'],
    [{ title: 'x', content: 'x'.repeat(2001) }, 'Content must be 2000 characters or less'],
    [{ title: 42, content: 'x' }, 'Title is required'],
  ])('refuses %o with the spec message and writes nothing', async (body, message) => {
    const ana = await createUser(t);
    const before = await postCount();
    const res = await createNote(ana, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await postCount()).toBe(before);
  });

  it('accepts exactly 100 and 2000 characters', async () => {
    const ana = await createUser(t);
    expect((await createNote(ana, { title: 't'.repeat(100), content: 'c'.repeat(2000) })).status).toBe(201);
  });

  it('needs a session to write', async () => {
    const res = await call(t, '/api/posts', { body: { title: 'a', content: 'b' } });
    expect(res.status).toBe(401);
  });
});

describe('deleting', () => {
  it("lets only the author delete: another user's attempt is 403 and deletes nothing", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const note = (await createNote(ana, { title: 'mine', content: 'mine' })).body;
    const denied = await call(t, `/api/posts/${note.id}`, { method: 'DELETE', cookie: bo.cookie });
    expect(denied.status).toBe(403);
    expect((await call(t, `/api/users/${ana.id}/posts`)).body.posts).toHaveLength(1);
    expect((await call(t, `/api/posts/${note.id}`, { method: 'DELETE' })).status).toBe(401);
    const ok = await call(t, `/api/posts/${note.id}`, { method: 'DELETE', cookie: ana.cookie });
    expect(ok.status).toBe(204);
    expect((await call(t, `/api/users/${ana.id}/posts`)).body.posts).toHaveLength(0);
    expect((await call(t, `/api/posts/${note.id}`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(404);
  });
});

describe('listing', () => {
  it('pages newest first, 20 at a time, with a cursor, and filters by type', async () => {
    const ana = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push((await createNote(ana, { title: `n${i}`, content: 'x' })).body.id);
    const first = await call(t, `/api/users/${ana.id}/posts`);
    expect(first.body.posts).toHaveLength(20);
    expect(first.body.posts[0].title).toBe('n22');
    expect(first.body.nextCursor).toBeTruthy();
    const second = await call(t, `/api/users/${ana.id}/posts?cursor=${first.body.nextCursor}`);
    expect(second.body.posts.map((p: { title: string }) => p.title)).toEqual(['n2', 'n1', 'n0']);
    expect(second.body.nextCursor).toBeNull();
    expect((await call(t, `/api/users/${ana.id}/posts?type=review`)).body.posts).toEqual([]);
    expect((await call(t, `/api/users/${ana.id}/posts?type=note&limit=5`)).body.posts).toHaveLength(5);
  });

  it('answers bad parameters with 400 and an unknown user with 404', async () => {
    const ana = await createUser(t);
    expect((await call(t, `/api/users/${ana.id}/posts?type=poem`)).status).toBe(400);
    expect((await call(t, `/api/users/${ana.id}/posts?limit=0`)).status).toBe(400);
    expect((await call(t, `/api/users/${ana.id}/posts?cursor=garbage`)).status).toBe(400);
    expect((await call(t, '/api/users/nobody/posts')).status).toBe(404);
  });
});

describe('user search', () => {
  it('ranks display-name prefixes first, then name or bio substrings, marking matchType', async () => {
    await createUser(t, { name: 'Jazzbo' });
    await createUser(t, { name: 'Mr Jazz Hands' });
    const fan = await createUser(t, { name: 'quiet_listener' });
    await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: fan.cookie,
      body: { bio: 'I love JAZZ and soul' },
    });
    const res = await call(t, '/api/users/search?q=JAZZ');
    expect(res.status).toBe(200);
    const names = res.body.users.map(
      (u: { displayName: string; matchType: string }) => `${u.displayName}:${u.matchType}`,
    );
    expect(names[0]).toBe('Jazzbo:displayName');
    expect(names).toContain('Mr Jazz Hands:displayName');
    expect(names).toContain('quiet_listener:bio');
    expect(names.indexOf('Jazzbo:displayName')).toBeLessThan(names.indexOf('Mr Jazz Hands:displayName'));
  });

  it('treats % and _ as plain characters and honours the limit', async () => {
    await createUser(t, { name: 'under_score' });
    const res = await call(t, '/api/users/search?q=r_s');
    expect(res.body.users.map((u: { displayName: string }) => u.displayName)).toEqual(['under_score']);
    expect((await call(t, '/api/users/search?q=%25')).body.users).toEqual([]);
    for (let i = 0; i < 4; i++) await createUser(t, { name: `limited${i}` });
    expect((await call(t, '/api/users/search?q=limited&limit=3')).body.users).toHaveLength(3);
  });

  it('refuses a blank term', async () => {
    expect((await call(t, '/api/users/search?q=%20%20')).status).toBe(400);
  });
});

describe('editing a post', () => {
  const ALBUM = 'miles-davis-kind-of-blue';
  const edit = (who: TestUser | undefined, postId: string, body: unknown) =>
    call(t, `/api/posts/${postId}`, { method: 'PATCH', body, cookie: who?.cookie, ip: who?.ip });

  async function reviewBy(who: TestUser): Promise<string> {
    const album = (await call(t, `/api/music/albums/${ALBUM}`)).body;
    const rated = await call(t, `/api/albums/${ALBUM}/tracks/${album.tracks[0].id}/rating`, {
      method: 'PUT',
      body: { rating: 8 },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(rated.status).toBe(200);
    const added = await call(t, '/api/users/me/collection', {
      body: { albumId: ALBUM, review: 'Cool and blue.' },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(added.status).toBe(201);
    return added.body.reviewPostId;
  }

  it("lets a review's author change its text and rating: the album rating moves with it, and it reads as edited", async () => {
    const ana = await createUser(t);
    const postId = await reviewBy(ana);
    const res = await edit(ana, postId, { content: '  Even better on the tenth listen.  ', rating: 9 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: postId,
      type: 'review',
      content: 'Even better on the tenth listen.',
      rating: 4.5,
    });
    expect(res.body.updatedAt > res.body.createdAt).toBe(true);
    // One number everywhere: the album page's rating and the collection follow the review.
    const mine = (await call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: ana.cookie, ip: ana.ip })).body;
    expect(mine).toMatchObject({ albumRating: 4.5, albumRatingChosen: true });
    const collection = (await call(t, '/api/users/me/collection', { cookie: ana.cookie, ip: ana.ip })).body;
    expect(collection[0]).toMatchObject({ id: ALBUM, rating: 4.5, reviewPostId: postId });
    const listed = (await call(t, `/api/users/${ana.id}/posts`)).body.posts[0];
    expect(listed).toMatchObject({ id: postId, content: 'Even better on the tenth listen.', rating: 4.5 });
  });

  it('reads one review at its own address, for anyone, with its album, rating and whether the reader liked it', async () => {
    const [cy, dee] = [await createUser(t), await createUser(t)];
    const postId = await reviewBy(cy);
    const liked = await call(t, `/api/posts/${postId}/like`, { body: {}, cookie: dee.cookie, ip: dee.ip });
    expect(liked.status).toBe(200);
    const asVisitor = await call(t, `/api/posts/${postId}`);
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.body).toMatchObject({
      id: postId,
      userId: cy.id,
      type: 'review',
      content: 'Cool and blue.',
      album: { id: ALBUM, name: 'Kind of Blue' },
      rating: 4,
      likesCount: 1,
      likedByMe: false,
    });
    expect((await call(t, `/api/posts/${postId}`, { cookie: dee.cookie, ip: dee.ip })).body.likedByMe).toBe(true);
    const missing = await call(t, '/api/posts/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'POST_NOT_FOUND', message: 'Post not found' });
  });

  it("edits a note's title and content, and refuses what writing one refuses", async () => {
    const bea = await createUser(t);
    const note = (await createNote(bea, { title: 'First', content: 'Draft' })).body;
    const res = await edit(bea, note.id, { title: 'Second', content: 'Final' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Second', content: 'Final', rating: null });
    for (const [body, message] of [
      [{ title: '   ' }, 'Title is required'],
      [{ content: 'x'.repeat(2001) }, 'Content must be 2000 characters or less'],
      [{ title: 'y'.repeat(101) }, 'Title must be 100 characters or less'],
      [{}, 'Nothing to change'],
      [{ rating: 8 }, 'Only reviews have a rating'],
    ] as const) {
      const refused = await edit(bea, note.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    const after = (await call(t, `/api/users/${bea.id}/posts`)).body.posts[0];
    expect(after).toMatchObject({ title: 'Second', content: 'Final' });
  });

  it("refuses a review's title, a rating that is not half stars, someone else's post, visitors and unknown posts", async () => {
    const cy = await createUser(t);
    const dee = await createUser(t);
    const postId = await reviewBy(cy);
    for (const [body, message] of [
      [{ title: 'Mine now' }, 'A review is titled by its album'],
      [{ rating: 11 }, 'Rating must be a whole number of half stars from 1 to 10'],
      [{ rating: 4.5 }, 'Rating must be a whole number of half stars from 1 to 10'],
      [{ rating: '8' }, 'Rating must be a whole number of half stars from 1 to 10'],
    ] as const) {
      const refused = await edit(cy, postId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    const theirs = await edit(dee, postId, { content: 'Hijacked' });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.message).toBe('You can only edit your own posts');
    expect((await edit(undefined, postId, { content: 'Anonymous' })).status).toBe(401);
    expect((await edit(cy, 'no-such-post', { content: 'Ghost' })).status).toBe(404);
    const unchanged = (await call(t, `/api/users/${cy.id}/posts`)).body.posts[0];
    expect(unchanged).toMatchObject({ content: 'Cool and blue.', rating: 4 });
    expect(unchanged.updatedAt).toBe(unchanged.createdAt);
  });

  it('deleting a review keeps the album in the collection, without its review', async () => {
    const eve = await createUser(t);
    const postId = await reviewBy(eve);
    const deleted = await call(t, `/api/posts/${postId}`, { method: 'DELETE', cookie: eve.cookie, ip: eve.ip });
    expect(deleted.status).toBe(204);
    const collection = (await call(t, '/api/users/me/collection', { cookie: eve.cookie, ip: eve.ip })).body;
    expect(collection[0]).toMatchObject({ id: ALBUM, reviewPostId: null, rating: 4 });
  });
});
