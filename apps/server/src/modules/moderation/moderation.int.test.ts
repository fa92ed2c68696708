import {
  ALREADY_REPORTED,
  CANNOT_REPORT_SELF,
  REPORT_REASON_REQUIRED,
  REPORT_TEXT_TOO_LONG,
  REPORTS_PER_HOUR,
} from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { SUITE_ENV } from '../../test/suite-env.ts';
import { call, createUser, makeAdmin, signIn, type TestUser } from '../../test/users.ts';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: SUITE_ENV });
  admin = await createUser(t, { name: 'the_moderator' });
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await t.close();
});

const as = (who: TestUser | null, path: string, options: { method?: string; body?: unknown } = {}) =>
  call(t, path, { ...options, cookie: who?.cookie, ip: who?.ip });

const report = (who: TestUser, subjectType: string, subjectId: string, extra: Record<string, unknown> = {}) =>
  as(who, '/api/reports', { body: { subjectType, subjectId, reason: 'spam', ...extra } });

async function noteOf(who: TestUser, title = 'A note'): Promise<string> {
  const res = await as(who, '/api/posts', { body: { title, content: 'buy cheap watches' } });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function commentOn(who: TestUser, postId: string, content = 'you are terrible'): Promise<string> {
  const res = await as(who, `/api/posts/${postId}/comments`, { body: { content } });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function listOf(who: TestUser): Promise<string> {
  const res = await as(who, '/api/lists', { body: { title: 'Awful list', kind: 'album', description: 'bad words' } });
  expect(res.status).toBe(201);
  return res.body.id;
}

type Group = {
  item: {
    type: string;
    id: string;
    exists: boolean;
    title: string | null;
    text: string | null;
    author: { userId: string } | null;
    where: { type: string; id: string } | null;
    context: string | null;
  };
  count: number;
  reports: { id: string; reporter: { userId: string } | null; reason: string; text: string | null }[];
};

async function queue(): Promise<Group[]> {
  const groups: Group[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { groups: Group[]; nextCursor: string | null } } = await as(
      admin,
      `/api/admin/reports${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    groups.push(...res.body.groups);
    cursor = res.body.nextCursor;
  } while (cursor);
  return groups;
}

const entryFor = async (type: string, id: string) =>
  (await queue()).find((g) => g.item.type === type && g.item.id === id);

const resolve = (type: string, id: string, body: unknown, who: TestUser = admin) =>
  as(who, `/api/admin/reports/${type}/${id}/resolve`, { body });

async function notificationsOf(who: TestUser) {
  const res = await as(who, '/api/notifications');
  expect(res.status).toBe(200);
  return res.body.notifications as { kind: string; actor: unknown; subject: unknown; excerpt: unknown }[];
}

describe('reporting', () => {
  it('takes a report of a note, a comment, a list and a profile, each shown in context in the queue', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author, 'Spam title');
    const comment = await commentOn(author, post, 'a nasty comment');
    const list = await listOf(author);
    for (const [type, id] of [
      ['post', post],
      ['comment', comment],
      ['list', list],
      ['user', author.id],
    ] as const) {
      const res = await report(reporter, type, id, { reason: 'harassment', text: `  about this ${type}  ` });
      expect(res.status, type).toBe(201);
      expect(res.body).toMatchObject({ subjectType: type, subjectId: id });
    }
    const postEntry = await entryFor('post', post);
    expect(postEntry?.item).toMatchObject({
      exists: true,
      title: 'Spam title',
      text: 'buy cheap watches',
      author: { userId: author.id },
      where: { type: 'post', id: post },
    });
    expect(postEntry?.reports).toEqual([
      expect.objectContaining({
        reporter: expect.objectContaining({ userId: reporter.id }),
        reason: 'harassment',
        text: 'about this post',
      }),
    ]);
    const commentEntry = await entryFor('comment', comment);
    expect(commentEntry?.item).toMatchObject({
      text: 'a nasty comment',
      where: { type: 'post', id: post },
      context: 'Spam title',
    });
    expect((await entryFor('list', list))?.item).toMatchObject({
      title: 'Awful list',
      where: { type: 'list', id: list },
    });
    expect((await entryFor('user', author.id))?.item).toMatchObject({ where: { type: 'profile', id: author.name } });
  });

  it('refuses a second open report, a missing reason and text past 1000 characters with their messages', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author);
    expect((await report(reporter, 'post', post)).status).toBe(201);
    const again = await report(reporter, 'post', post, { reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ALREADY_REPORTED);

    const other = await noteOf(author);
    const noReason = await as(reporter, '/api/reports', { body: { subjectType: 'post', subjectId: other } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(REPORT_REASON_REQUIRED);
    const long = await report(reporter, 'post', other, { text: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(REPORT_TEXT_TOO_LONG);
    // 1000 emoji are 1000 characters.
    expect((await report(reporter, 'post', other, { text: '🎸'.repeat(1000) })).status).toBe(201);
  });

  it('answers an unknown item as a missing one, refuses the signed out, and refuses reporting yourself', async () => {
    const reporter = await createUser(t);
    for (const [type, code] of [
      ['post', 'POST_NOT_FOUND'],
      ['comment', 'COMMENT_NOT_FOUND'],
      ['list', 'LIST_NOT_FOUND'],
      ['user', 'USER_NOT_FOUND'],
    ]) {
      const res = await report(reporter, type as string, 'no-such-thing');
      expect(res.status, type).toBe(404);
      expect(res.body.error.code).toBe(code);
    }
    const post = await noteOf(reporter);
    const signedOut = await call(t, '/api/reports', { body: { subjectType: 'post', subjectId: post, reason: 'spam' } });
    expect(signedOut.status).toBe(401);
    for (const [type, id] of [
      ['post', post],
      ['user', reporter.id],
    ]) {
      const self = await report(reporter, type as string, id as string);
      expect(self.status).toBe(400);
      expect(self.body.error.message).toBe(CANNOT_REPORT_SELF);
    }
  });

  it('answers a private note as a missing one to someone who may not read it', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author);
    await t.database.handle.db.updateTable('posts').set({ audience: 'private' }).where('id', '=', post).execute();
    const res = await report(reporter, 'post', post);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('POST_NOT_FOUND');
  });

  it(`limits a person to ${REPORTS_PER_HOUR} reports an hour, then 429 with Retry-After`, async () => {
    const author = await createUser(t);
    const flooder = await createUser(t);
    const post = await noteOf(author);
    // Duplicates count too: the limit is on sending reports, not on what they are about.
    for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await report(flooder, 'post', post)).status).toBeLessThan(429);
    const refused = await report(flooder, 'post', post);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the moderation queue', () => {
  it('is for admins only', async () => {
    const member = await createUser(t);
    expect((await as(member, '/api/admin/reports')).status).toBe(403);
    expect((await as(null, '/api/admin/reports')).status).toBe(401);
    expect((await as(member, '/api/admin/audit-log')).status).toBe(403);
    expect((await resolve('post', 'x', { action: 'dismiss' }, member)).status).toBe(403);
  });

  it('groups every report on one item into one entry with its count', async () => {
    const author = await createUser(t);
    const post = await noteOf(author);
    const reporters = [await createUser(t), await createUser(t), await createUser(t)];
    for (const r of reporters) expect((await report(r, 'post', post)).status).toBe(201);
    const entries = (await queue()).filter((g) => g.item.id === post);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.count).toBe(3);
    expect(entries[0]?.reports.map((r) => r.reporter?.userId).sort()).toEqual(reporters.map((r) => r.id).sort());
  });

  it('dismiss leaves the content, closes every report, tells each reporter anonymously, and lets them report again', async () => {
    const author = await createUser(t);
    const post = await noteOf(author);
    const reporters = [await createUser(t), await createUser(t)];
    for (const r of reporters) await report(r, 'post', post);
    const res = await resolve('post', post, { action: 'dismiss', note: 'Not spam, just enthusiasm' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ action: 'dismiss', closed: 2 });
    expect((await as(null, `/api/posts/${post}`)).status).toBe(200);
    expect(await entryFor('post', post)).toBeUndefined();
    for (const r of reporters) {
      const handled = (await notificationsOf(r)).filter((n) => n.kind === 'report_handled');
      expect(handled).toHaveLength(1);
      expect(handled[0]?.actor).toBeNull();
      // Nothing in it says what was done or by whom.
      expect(JSON.stringify(handled[0])).not.toMatch(/dismiss|remove|suspend|moderator/i);
    }
    // Handling twice finds nothing open.
    expect((await resolve('post', post, { action: 'dismiss' })).status).toBe(404);
    // Closed reports no longer block a new one.
    expect((await report(reporters[0] as TestUser, 'post', post)).status).toBe(201);
  });

  it('remove deletes a reported comment through its owner: the post’s comment count equals its comments', async () => {
    const author = await createUser(t);
    const troll = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author);
    await commentOn(author, post, 'a fine comment');
    const comment = await commentOn(troll, post);
    await report(reporter, 'comment', comment, { reason: 'harassment' });
    const res = await resolve('comment', comment, { action: 'remove', note: 'Personal attack' });
    expect(res.status).toBe(200);
    const thread = (await as(null, `/api/posts/${post}/comments`)).body;
    expect(thread.comments.map((c: { id: string }) => c.id)).not.toContain(comment);
    const row = await t.database.handle.db
      .selectFrom('posts')
      .select('comments_count')
      .where('id', '=', post)
      .executeTakeFirstOrThrow();
    const rows = await t.database.handle.db
      .selectFrom('comments')
      .select('id')
      .where('subject_id', '=', post)
      .execute();
    expect(row.comments_count).toBe(rows.length);
    expect(thread.commentsCount).toBe(1);
    expect((await notificationsOf(reporter)).some((n) => n.kind === 'report_handled')).toBe(true);
  });

  it('remove deletes a reported post and a list, and clears a reported profile’s bio and picture', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author);
    const list = await listOf(author);
    await as(author, '/api/users/me/profile', { method: 'PUT', body: { bio: 'offensive bio' } });
    await report(reporter, 'post', post);
    await report(reporter, 'list', list);
    await report(reporter, 'user', author.id);
    for (const [type, id] of [
      ['post', post],
      ['list', list],
      ['user', author.id],
    ] as const) {
      expect((await resolve(type, id, { action: 'remove' })).status, type).toBe(200);
    }
    expect((await as(null, `/api/posts/${post}`)).status).toBe(404);
    expect((await as(null, `/api/lists/${list}`)).status).toBe(404);
    const profile = (await as(null, `/api/profiles/${encodeURIComponent(author.name)}`)).body;
    expect(profile.bio).toBe('');
    expect(profile.pictureUrl ?? null).toBeNull();
  });

  it('suspend suspends the author: their session ends and sign-in is refused; the content stays', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author);
    await report(reporter, 'post', post, { reason: 'hate' });
    const res = await resolve('post', post, { action: 'suspend', note: 'Repeated hate' });
    expect(res.status).toBe(200);
    expect((await as(author, '/api/users/me/profile')).status).toBe(401);
    expect((await signIn(t, author.email, author.password)).status).toBe(403);
    expect((await as(null, `/api/posts/${post}`)).status).toBe(200);
    const handled = (await notificationsOf(reporter)).filter((n) => n.kind === 'report_handled');
    expect(handled).toHaveLength(1);
  });

  it('refuses a bad action or a note past 1000 characters', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author);
    await report(reporter, 'post', post);
    expect((await resolve('post', post, { action: 'ban' })).status).toBe(400);
    expect((await resolve('post', post, { action: 'dismiss', note: 'x'.repeat(1001) })).status).toBe(400);
    expect((await resolve('album', post, { action: 'dismiss' })).status).toBe(400);
    expect(await entryFor('post', post)).toBeDefined();
  });
});

describe('the audit log', () => {
  type Entry = {
    actor: { userId: string | null; displayName: string };
    action: string;
    subject: { type: string; id: string; label: string | null } | null;
    note: string | null;
    detail: string | null;
    createdAt: string;
  };
  const log = async (): Promise<Entry[]> => {
    const res = await as(admin, '/api/admin/audit-log');
    expect(res.status).toBe(200);
    return res.body.entries;
  };

  it('records moderation with who, what, on what and why, newest first', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await noteOf(author, 'Logged note');
    await report(reporter, 'post', post);
    await resolve('post', post, { action: 'remove', note: 'Scam links' });
    const [entry] = await log();
    expect(entry).toMatchObject({
      actor: { userId: admin.id, displayName: 'the_moderator' },
      action: 'remove_content',
      subject: { type: 'post', id: post, label: expect.stringContaining('Logged note') },
      note: 'Scam links',
      detail: '1 report: Spam',
    });
  });

  it('records the dashboard’s other actions: registration, suspension, invitations, post removal', async () => {
    const member = await createUser(t);
    expect((await as(admin, '/api/admin/registration', { method: 'PUT', body: { mode: 'invite' } })).status).toBe(200);
    expect((await as(admin, '/api/admin/registration', { method: 'PUT', body: { mode: 'open' } })).status).toBe(200);
    expect((await as(admin, `/api/admin/members/${member.id}/suspension`, { method: 'PUT', body: {} })).status).toBe(
      200,
    );
    expect((await as(admin, `/api/admin/members/${member.id}/suspension`, { method: 'DELETE' })).status).toBe(200);
    const invite = (await as(admin, '/api/admin/invites', { body: {} })).body.code;
    expect((await as(admin, `/api/admin/invites/${invite}`, { method: 'DELETE' })).status).toBe(204);
    // The member's sessions ended with the suspension: someone else writes the removed post.
    const post = await noteOf(await createUser(t));
    expect((await as(admin, `/api/admin/posts/${post}`, { method: 'DELETE' })).status).toBe(204);
    const entries = (await log()).slice(0, 7);
    expect(entries.map((e) => e.action)).toEqual([
      'remove_post',
      'withdraw_invite',
      'create_invite',
      'unsuspend_member',
      'suspend_member',
      'change_registration',
      'change_registration',
    ]);
    expect(entries[4]?.subject).toEqual({ type: 'user', id: member.id, label: member.name });
    expect(entries[6]?.detail).toBe('Registration: invite');
    // A refused action leaves no entry.
    expect((await as(admin, `/api/admin/members/${admin.id}/suspension`, { method: 'PUT', body: {} })).status).toBe(
      403,
    );
    expect((await log())[0]?.action).toBe('remove_post');
  });

  it('keeps an entry, with the admin’s name, after the admin’s account is deleted, and pages newest first', async () => {
    const former = await createUser(t, { name: 'former_admin' });
    await makeAdmin(t, former);
    expect((await as(former, '/api/admin/invites', { body: {} })).status).toBe(201);
    expect((await as(former, '/api/users/me', { method: 'DELETE', body: { password: former.password } })).status).toBe(
      204,
    );
    const entry = (await log()).find((e) => e.actor.displayName === 'former_admin');
    expect(entry).toMatchObject({ actor: { userId: null, displayName: 'former_admin' }, action: 'create_invite' });

    const seen: Entry[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { entries: Entry[]; nextCursor: string | null } } = await as(
        admin,
        `/api/admin/audit-log${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...res.body.entries);
      cursor = res.body.nextCursor;
    } while (cursor);
    const total = await t.database.handle.db.selectFrom('audit_log').select('id').execute();
    expect(seen).toHaveLength(total.length);
    const times = seen.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await as(admin, '/api/admin/audit-log?cursor=nonsense')).status).toBe(400);
  });
});
