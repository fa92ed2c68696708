import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, makeAdmin, type TestUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  // The storms send hundreds of writes per user: more than the per-user write limit allows in a
  // minute, which has its own tests (security/).
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => t.close());

const db = () => t.database.handle.db;

async function noteOf(who: TestUser, title = 'A note'): Promise<string> {
  const res = await call(t, '/api/posts', { body: { title, content: 'Some words' }, cookie: who.cookie, ip: who.ip });
  expect(res.status).toBe(201);
  return res.body.id;
}
const like = (who: TestUser, postId: string) =>
  call(t, `/api/posts/${postId}/like`, { method: 'POST', body: {}, cookie: who.cookie, ip: who.ip });
const unlike = (who: TestUser, postId: string) =>
  call(t, `/api/posts/${postId}/like`, { method: 'DELETE', cookie: who.cookie, ip: who.ip });
const comment = (who: TestUser, postId: string, content: unknown) =>
  call(t, `/api/posts/${postId}/comments`, { body: { content }, cookie: who.cookie, ip: who.ip });
const bell = (who: TestUser) => call(t, '/api/notifications', { cookie: who.cookie, ip: who.ip });

async function postRow(postId: string) {
  return db().selectFrom('posts').select(['likes_count', 'comments_count']).where('id', '=', postId).executeTakeFirst();
}
async function rowsOn(postId: string) {
  const likes = await db().selectFrom('likes').select('user_id').where('subject_id', '=', postId).execute();
  const comments = await db().selectFrom('comments').select('id').where('subject_id', '=', postId).execute();
  return { likes: likes.length, comments: comments.length };
}

describe('likes', () => {
  it('likes and unlikes a post, moving its count, and the author hears of it once', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const postId = await noteOf(ana);

    const liked = await like(bo, postId);
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ liked: true, likesCount: 1 });
    const page = await call(t, `/api/users/${ana.id}/posts`, { cookie: bo.cookie });
    expect(page.body.posts[0]).toMatchObject({ id: postId, likesCount: 1, likedByMe: true });
    const asVisitor = await call(t, `/api/users/${ana.id}/posts`);
    expect(asVisitor.body.posts[0]).toMatchObject({ likesCount: 1, likedByMe: false });

    const notes = await bell(ana);
    expect(notes.body.unreadCount).toBe(1);
    expect(notes.body.notifications[0]).toMatchObject({
      kind: 'liked',
      actor: { userId: bo.id, displayName: bo.name },
      subject: { type: 'post', id: postId, title: 'A note', ownerDisplayName: ana.name },
      read: false,
    });

    const again = await like(bo, postId);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You have already liked this');
    expect(await postRow(postId)).toEqual({ likes_count: 1, comments_count: 0 });

    const off = await unlike(bo, postId);
    expect(off.body).toEqual({ liked: false, likesCount: 0 });
    // An undone like takes its notification back.
    expect((await bell(ana)).body).toMatchObject({ notifications: [], unreadCount: 0 });
    const twice = await unlike(bo, postId);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('You have not liked this');
    expect(await postRow(postId)).toEqual({ likes_count: 0, comments_count: 0 });
  });

  it('does not tell people of their own likes', async () => {
    const ana = await createUser(t);
    const postId = await noteOf(ana);
    expect((await like(ana, postId)).body).toEqual({ liked: true, likesCount: 1 });
    expect((await bell(ana)).body.unreadCount).toBe(0);
  });

  it('refuses visitors with 401 and unknown posts with 404, changing nothing', async () => {
    const ana = await createUser(t);
    const postId = await noteOf(ana);
    const visitor = await call(t, `/api/posts/${postId}/like`, { method: 'POST', body: {} });
    expect(visitor.status).toBe(401);
    const missing = await like(ana, 'no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Post not found');
    expect(await db().selectFrom('likes').select('user_id').where('subject_id', '=', 'no-such-post').execute()).toEqual(
      [],
    );
    expect(await postRow(postId)).toEqual({ likes_count: 0, comments_count: 0 });
  });

  it("lists what someone liked, newest first, on their profile's Likes tab", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const first = await noteOf(ana, 'First');
    const second = await noteOf(ana, 'Second');
    await like(bo, first);
    await like(bo, second);
    const likes = await call(t, `/api/users/${bo.id}/likes?limit=1`);
    expect(likes.status).toBe(200);
    expect(likes.body.items.map((item: { post: { title: string } }) => item.post.title)).toEqual(['Second']);
    const next = await call(t, `/api/users/${bo.id}/likes?limit=1&cursor=${likes.body.nextCursor}`);
    expect(next.body.items.map((item: { post: { title: string } }) => item.post.title)).toEqual(['First']);
    expect((await call(t, '/api/users/nobody/likes')).status).toBe(404);
  });
});

describe('comments', () => {
  it('comments with the exact messages for blank and too long, and lists them oldest first', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const postId = await noteOf(ana);

    const blank = await comment(bo, postId, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Comment is required');
    const long = await comment(bo, postId, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Comment must be 2000 characters or less');
    expect(await rowsOn(postId)).toEqual({ likes: 0, comments: 0 });

    // 2,000 characters, counted as people count them (an emoji is one).
    const exact = await comment(bo, postId, `${'😀'.repeat(1000)}${'a'.repeat(1000)}`);
    expect(exact.status).toBe(201);
    const second = await comment(ana, postId, '  Thanks!  ');
    expect(second.body).toMatchObject({ content: 'Thanks!', author: { userId: ana.id, displayName: ana.name } });

    const page = await call(t, `/api/posts/${postId}/comments?limit=1`);
    expect(page.body.commentsCount).toBe(2);
    expect(page.body.comments.map((c: { id: string }) => c.id)).toEqual([exact.body.id]);
    const rest = await call(t, `/api/posts/${postId}/comments?limit=1&cursor=${page.body.nextCursor}`);
    expect(rest.body.comments.map((c: { id: string }) => c.id)).toEqual([second.body.id]);
    expect(rest.body.nextCursor).toBeNull();
    expect(await postRow(postId)).toEqual({ likes_count: 0, comments_count: 2 });

    // Ana was told of Bo's comment, with its beginning; not of her own.
    const notes = (await bell(ana)).body.notifications;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'commented', actor: { userId: bo.id } });
    expect([...notes[0].excerpt]).toHaveLength(140);
  });

  it("lets only the author edit, and the author, the post's author or an admin delete", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const cy = await createUser(t);
    const admin = await createUser(t);
    await makeAdmin(t, admin);
    const postId = await noteOf(ana);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await comment(bo, postId, `comment ${i}`)).body.id);

    const otherEdit = await call(t, `/api/comments/${ids[0]}`, {
      method: 'PATCH',
      body: { content: 'hijacked' },
      cookie: ana.cookie,
    });
    expect(otherEdit.status).toBe(403);
    expect(otherEdit.body.error.message).toBe('You can only edit your own comments');
    const edit = await call(t, `/api/comments/${ids[0]}`, {
      method: 'PATCH',
      body: { content: 'better words' },
      cookie: bo.cookie,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.content).toBe('better words');
    expect(edit.body.updatedAt >= edit.body.createdAt).toBe(true);

    const stranger = await call(t, `/api/comments/${ids[0]}`, { method: 'DELETE', cookie: cy.cookie });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe('You can only delete your own comments or comments on your posts');
    const visitor = await call(t, `/api/comments/${ids[0]}`, { method: 'DELETE' });
    expect(visitor.status).toBe(401);
    expect(await postRow(postId)).toMatchObject({ comments_count: 4 });

    for (const [who, id] of [
      [bo, ids[0]],
      [ana, ids[1]],
      [admin, ids[2]],
    ] as const) {
      const res = await call(t, `/api/comments/${id}`, { method: 'DELETE', cookie: who.cookie });
      expect(res.status).toBe(204);
    }
    expect(await postRow(postId)).toMatchObject({ comments_count: 1 });
    const gone = await call(t, `/api/comments/${ids[0]}`, { method: 'DELETE', cookie: bo.cookie });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Comment not found');
    // Deleted comments take their notifications with them.
    expect((await bell(ana)).body.notifications).toHaveLength(1);
  });

  it('a deleted post takes its likes, comments and their notifications with it', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const postId = await noteOf(ana);
    await like(bo, postId);
    await comment(bo, postId, 'nice');
    expect((await call(t, `/api/posts/${postId}`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(204);
    expect(await rowsOn(postId)).toEqual({ likes: 0, comments: 0 });
    expect((await bell(ana)).body).toMatchObject({ notifications: [], unreadCount: 0 });
    expect((await call(t, `/api/posts/${postId}/comments`)).status).toBe(404);
  });
});

describe('lists', () => {
  it('likes and comments on a list as on a post: counts, the owner told, the Likes tab, gone with the list', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const created = await call(t, '/api/lists', {
      body: { title: 'Best of 1997', kind: 'album' },
      cookie: ana.cookie,
      ip: ana.ip,
    });
    expect(created.status).toBe(201);
    const listId = created.body.id;
    const liked = await call(t, `/api/lists/${listId}/like`, { body: {}, cookie: bo.cookie, ip: bo.ip });
    expect(liked.body).toEqual({ liked: true, likesCount: 1 });
    const said = await call(t, `/api/lists/${listId}/comments`, {
      body: { content: 'Great picks' },
      cookie: bo.cookie,
    });
    expect(said.status).toBe(201);
    expect((await call(t, `/api/lists/${listId}`, { cookie: bo.cookie })).body).toMatchObject({
      likesCount: 1,
      commentsCount: 1,
      likedByMe: true,
    });
    expect((await call(t, `/api/lists/${listId}`)).body.likedByMe).toBe(false);
    const notes = (await bell(ana)).body.notifications;
    expect(notes.map((n: { kind: string }) => n.kind)).toEqual(['commented', 'liked']);
    expect(notes[1].subject).toEqual({ type: 'list', id: listId, title: 'Best of 1997', ownerDisplayName: ana.name });
    const likes = await call(t, `/api/users/${bo.id}/likes`);
    expect(likes.body.items).toEqual([
      expect.objectContaining({
        subjectType: 'list',
        post: null,
        list: { id: listId, title: 'Best of 1997', ownerDisplayName: ana.name },
      }),
    ]);
    // Only the owner or an admin deletes a list; its likes, comments and notifications go with it.
    expect((await call(t, `/api/lists/${listId}`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(204);
    expect(await rowsOn(listId)).toEqual({ likes: 0, comments: 0 });
    expect((await bell(ana)).body).toMatchObject({ notifications: [], unreadCount: 0 });
    expect((await call(t, `/api/lists/${listId}/like`, { body: {}, cookie: bo.cookie })).status).toBe(404);
  });
});

describe('unlisted lists', () => {
  it("are liked by whoever has the address, but never listed on the liker's public Likes tab", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const created = await call(t, '/api/lists', {
      body: { title: 'Secret drafts', kind: 'album', visibility: 'unlisted' },
      cookie: ana.cookie,
    });
    const listId = created.body.id;
    expect((await call(t, `/api/lists/${listId}/like`, { body: {}, cookie: bo.cookie })).status).toBe(200);
    // A visitor, and Bo himself, see no trace of the unlisted list on Bo's likes.
    expect((await call(t, `/api/users/${bo.id}/likes`)).body.items).toEqual([]);
    expect((await call(t, `/api/users/${bo.id}/likes`, { cookie: bo.cookie })).body.items).toEqual([]);
    // Its owner still sees it there, and is told of the like.
    expect((await call(t, `/api/users/${bo.id}/likes`, { cookie: ana.cookie })).body.items).toEqual([
      expect.objectContaining({ list: { id: listId, title: 'Secret drafts', ownerDisplayName: ana.name } }),
    ]);
    expect((await bell(ana)).body.notifications[0]).toMatchObject({ kind: 'liked', subject: { id: listId } });
  });
});

describe('notifications', () => {
  it('tells of a follow, takes it back on unfollow, and marks read what was seen', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const cy = await createUser(t);
    await call(t, `/api/users/${ana.id}/follow`, { method: 'POST', body: {}, cookie: bo.cookie });
    await call(t, `/api/users/${ana.id}/follow`, { method: 'POST', body: {}, cookie: cy.cookie });
    const page = (await bell(ana)).body;
    expect(page.unreadCount).toBe(2);
    expect(page.notifications.map((n: { actor: { userId: string } }) => n.actor.userId)).toEqual([cy.id, bo.id]);
    expect(page.notifications[0]).toMatchObject({ kind: 'followed', subject: null, excerpt: null });

    // Seen up to Bo's follow only (the older one): Cy's stays unread.
    const read = await call(t, '/api/notifications/read', {
      body: { upTo: page.notifications[1].createdAt },
      cookie: ana.cookie,
    });
    expect(read.status).toBe(204);
    expect((await call(t, '/api/notifications/unread-count', { cookie: ana.cookie })).body).toEqual({
      unreadCount: page.notifications[0].createdAt === page.notifications[1].createdAt ? 0 : 1,
    });
    await call(t, '/api/notifications/read', { body: {}, cookie: ana.cookie });
    expect((await call(t, '/api/notifications/unread-count', { cookie: ana.cookie })).body).toEqual({ unreadCount: 0 });

    await call(t, `/api/users/${ana.id}/follow`, { method: 'DELETE', cookie: cy.cookie });
    expect((await bell(ana)).body.notifications.map((n: { actor: { userId: string } }) => n.actor.userId)).toEqual([
      bo.id,
    ]);
    // Nobody else reads Ana's bell.
    expect((await bell(bo)).body.notifications).toEqual([]);
    expect((await call(t, '/api/notifications')).status).toBe(401);
  });
});

describe('storms and deletions', () => {
  it('keeps likes_count equal to the likes after hundreds of concurrent likes and unlikes', async () => {
    const ana = await createUser(t);
    const postId = await noteOf(ana);
    const fans = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const storm = Array.from({ length: 300 }, (_, i) => {
      const who = fans[i % fans.length] as TestUser;
      return i % 3 === 2 ? unlike(who, postId) : like(who, postId);
    });
    const results = await Promise.all(storm);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const rows = await rowsOn(postId);
    expect((await postRow(postId))?.likes_count).toBe(rows.likes);
    const likers = await db().selectFrom('likes').select('user_id').where('subject_id', '=', postId).execute();
    const notified = await db()
      .selectFrom('notifications')
      .select('actor_id')
      .where('subject_id', '=', postId)
      .where('kind', '=', 'liked')
      .execute();
    expect(notified.map((n) => n.actor_id).sort()).toEqual(likers.map((l) => l.user_id).sort());
  }, 60_000);

  it('keeps comments_count equal to the comments while people comment and delete at once', async () => {
    const ana = await createUser(t);
    const postId = await noteOf(ana);
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const first = await Promise.all(people.map((who) => comment(who, postId, 'first')));
    const storm = [
      ...Array.from({ length: 120 }, (_, i) => comment(people[i % people.length] as TestUser, postId, `c${i}`)),
      ...first.map((c, i) =>
        call(t, `/api/comments/${c.body.id}`, { method: 'DELETE', cookie: (people[i] as TestUser).cookie }),
      ),
      ...first.map((c) => call(t, `/api/comments/${c.body.id}`, { method: 'DELETE', cookie: ana.cookie })),
    ];
    const results = await Promise.all(storm);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const rows = await rowsOn(postId);
    expect(rows.comments).toBe(120);
    expect((await postRow(postId))?.comments_count).toBe(rows.comments);
  }, 60_000);

  it('answers no 5xx and leaves counts equal to rows when likers and the author delete their accounts mid-storm', async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const doomed = await noteOf(author, 'Doomed');
    const kept = await noteOf(other, 'Kept');
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
    const leaving = fans.slice(0, 3);
    const deleteAccount = (who: TestUser) =>
      call(t, '/api/users/me', { method: 'DELETE', body: { password: who.password }, cookie: who.cookie, ip: who.ip });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const storm = Array.from({ length: 160 }, async (_, i) => {
      await pause(i % 30);
      const who = fans[i % fans.length] as TestUser;
      const target = i % 2 === 0 ? doomed : kept;
      if (i % 5 === 4) return comment(who, target, `c${i}`);
      return i % 3 === 2 ? unlike(who, target) : like(who, target);
    });
    const deletions = [...leaving, author].map(async (who, i) => {
      await pause(8 + i * 6);
      return deleteAccount(who);
    });
    const results = await Promise.all(storm);
    const deleted = await Promise.all(deletions);
    expect([...results, ...deleted].filter((r) => r.status >= 500)).toEqual([]);
    for (const r of deleted) expect(r.status).toBe(204);
    // 401: the caller's account was deleted; 404: the post's.
    for (const r of results) expect([200, 201, 401, 404, 409]).toContain(r.status);

    expect(await postRow(doomed)).toBeUndefined();
    expect(await rowsOn(doomed)).toEqual({ likes: 0, comments: 0 });
    const rows = await rowsOn(kept);
    expect(await postRow(kept)).toEqual({ likes_count: rows.likes, comments_count: rows.comments });
    const gone = leaving.map((u) => u.id);
    expect(await db().selectFrom('likes').select('user_id').where('user_id', 'in', gone).execute()).toEqual([]);
    expect(await db().selectFrom('comments').select('id').where('user_id', 'in', gone).execute()).toEqual([]);
  }, 60_000);

  it('account deletion repairs the counts of what they liked and leaves no orphan rows', async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const anasPost = await noteOf(ana);
    const bosPost = await noteOf(bo);
    await like(bo, anasPost);
    await comment(bo, anasPost, 'from bo');
    await like(ana, bosPost);
    await comment(ana, bosPost, 'from ana');
    await call(t, `/api/users/${ana.id}/follow`, { method: 'POST', body: {}, cookie: bo.cookie });

    const exported = await call(t, '/api/users/me/export', { cookie: bo.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body.likes).toEqual([expect.objectContaining({ subject_type: 'post', subject_id: anasPost })]);
    expect(exported.body.comments).toEqual([expect.objectContaining({ subject_id: anasPost, content: 'from bo' })]);
    expect(exported.body.notifications).toEqual([
      expect.objectContaining({ kind: 'liked', actor_id: ana.id }),
      expect.objectContaining({ kind: 'commented', actor_id: ana.id }),
    ]);

    const deleted = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: bo.password },
      cookie: bo.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await postRow(anasPost)).toEqual({ likes_count: 0, comments_count: 0 });
    expect(await rowsOn(anasPost)).toEqual({ likes: 0, comments: 0 });
    // Bo's post went with Bo, and so did Ana's like and comment on it.
    expect(await rowsOn(bosPost)).toEqual({ likes: 0, comments: 0 });
    expect(await db().selectFrom('notifications').selectAll().where('actor_id', '=', bo.id).execute()).toEqual([]);
    expect((await bell(ana)).body).toMatchObject({ notifications: [], unreadCount: 0 });
  });
});
