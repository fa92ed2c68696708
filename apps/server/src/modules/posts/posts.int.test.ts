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
