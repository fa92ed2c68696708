import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, createUser, type TestUser } from '../test/users.ts';

/**
 * A block lands while the blocked person likes, unlikes and comments on the blocker's note: every
 * write either happened before the block (and stays, counted) or is refused after it, so the
 * note's counters always equal its rows.
 */
let t: TestApp;
beforeAll(async () => {
  // Many writes per user at once, beyond the per-user write limit (tested on its own in security/).
  t = await createTestApp({ env: { RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => t.close());

const as = (who: TestUser, path: string, method: string, body: unknown = {}) =>
  call(t, path, { method, cookie: who.cookie, ip: who.ip, body });

it('keeps like and comment counts equal to their rows when likes, comments, blocks and unblocks race', async () => {
  const owner = await createUser(t);
  const note = await as(owner, '/api/posts', 'POST', { title: 'Raced', content: 'A note people race on' });
  expect(note.status).toBe(201);
  const others = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const calls = Array.from({ length: 240 }, () => {
    const who = others[Math.floor(random() * others.length)] as TestUser;
    const roll = random();
    if (roll < 0.35) return as(who, `/api/posts/${note.body.id}/like`, 'POST');
    if (roll < 0.55) return as(who, `/api/posts/${note.body.id}/like`, 'DELETE');
    if (roll < 0.7) return as(who, `/api/posts/${note.body.id}/comments`, 'POST', { content: 'racing' });
    if (roll < 0.85) return as(owner, `/api/users/${who.id}/block`, 'PUT');
    return as(owner, `/api/users/${who.id}/block`, 'DELETE');
  });
  const results = await Promise.all(calls);
  // Liked twice, unliked unliked, or refused across a block (which reads as a missing note).
  for (const r of results) expect([200, 201, 404, 409]).toContain(r.status);

  const db = t.database.handle.db;
  const post = await db
    .selectFrom('posts')
    .select(['likes_count', 'comments_count'])
    .where('id', '=', note.body.id)
    .executeTakeFirstOrThrow();
  const likes = await db.selectFrom('likes').select('user_id').where('subject_id', '=', note.body.id).execute();
  const comments = await db.selectFrom('comments').select('id').where('subject_id', '=', note.body.id).execute();
  expect(Number(post.likes_count)).toBe(likes.length);
  expect(Number(post.comments_count)).toBe(comments.length);
  // Nobody blocked at the end is told anything about the owner, nor the owner about them.
  const blocked = await db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', owner.id).execute();
  const told = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', owner.id)
    .where('actor_id', 'in', blocked.map((row) => row.blocked_id).concat(['-']))
    .execute();
  expect(told).toEqual([]);
}, 90_000);
