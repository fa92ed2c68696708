import {
  Accept,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

let t: TestApp;
let remote: FakeServer;

beforeAll(async () => {
  remote = await startFakeServer();
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

const db = () => t.database.handle.db;
const actorUri = (user: TestUser) => new URL(`/ap/users/${user.id}`, t.baseUrl);
const as = (who: TestUser, path: string, method: string, body?: unknown) =>
  call(t, path, { method, body, cookie: who.cookie, ip: who.ip });
let n = 0;
const newId = (what: string) => new URL(`/${what}/${++n}`, remote.origin);

async function followAs(name: string, user: TestUser): Promise<void> {
  const follow = new Follow({ id: newId('follows'), actor: remote.actorUri(name), object: actorUri(user) });
  await remote.send(name, actorUri(user), follow);
  await waitFor(
    async () =>
      remote.received.some((a) => a instanceof Accept && a.objectIds.some((id) => id.href === follow.id?.href)),
    Boolean,
  );
}

/** A post of `user`'s, and the address of the Note their remote followers were sent. */
async function postOf(user: TestUser, visibility: 'public' | 'followers'): Promise<{ id: string; note: URL }> {
  const before = remote.received.length;
  const res = await as(user, '/api/posts', 'POST', { title: 'A note', content: 'Listen to this.', visibility });
  expect(res.status).toBe(201);
  await t.app.federationOutbox?.drained();
  await waitFor(
    async () => remote.received.length,
    (count) => count > before,
  );
  const create = remote.received.slice(before).find((a) => a instanceof Create);
  const note = await create?.getObject();
  if (!(note instanceof Note) || !note.id) throw new Error('no Note was sent');
  return { id: res.body.id, note: note.id };
}

async function postCounts(postId: string) {
  const row = await db()
    .selectFrom('posts')
    .select(['likes_count', 'comments_count'])
    .where('id', '=', postId)
    .executeTakeFirst();
  return { likes: Number(row?.likes_count), comments: Number(row?.comments_count) };
}

/** Sends and waits until liner's queue has handled everything it received. */
async function deliver(name: string, to: TestUser, activity: Parameters<FakeServer['send']>[2]): Promise<void> {
  await remote.send(name, actorUri(to), activity);
  await waitFor(
    async () =>
      Number(
        (
          await db()
            .selectFrom('fedify_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    (queued) => queued === 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('what other servers do to members’ posts', () => {
  it('counts a Like once, tells the author, and takes it back on Undo', async () => {
    const ana = await createUser(t);
    await followAs('alice', ana);
    const post = await postOf(ana, 'public');
    const like = new Like({ id: newId('likes'), actor: remote.actorUri('bob'), object: post.note });
    await deliver('bob', ana, like);
    expect(await postCounts(post.id)).toMatchObject({ likes: 1 });
    const bell = await as(ana, '/api/notifications', 'GET');
    expect(JSON.stringify(bell.body)).toContain(`bob@${remote.host}`);

    // The same like again, under a new id as servers resend: still one.
    await deliver('bob', ana, new Like({ id: newId('likes'), actor: remote.actorUri('bob'), object: post.note }));
    expect(await postCounts(post.id)).toMatchObject({ likes: 1 });

    await deliver('bob', ana, new Undo({ id: newId('undo'), actor: remote.actorUri('bob'), object: like }));
    expect(await postCounts(post.id)).toMatchObject({ likes: 0 });
  });

  it('ignores a Like of a followers-only post from someone who does not follow', async () => {
    const ana = await createUser(t);
    await followAs('alice', ana);
    const post = await postOf(ana, 'followers');
    await deliver(
      'mallory',
      ana,
      new Like({ id: newId('likes'), actor: remote.actorUri('mallory'), object: post.note }),
    );
    expect(await postCounts(post.id)).toMatchObject({ likes: 0 });
    await deliver('alice', ana, new Like({ id: newId('likes'), actor: remote.actorUri('alice'), object: post.note }));
    expect(await postCounts(post.id)).toMatchObject({ likes: 1 });
  });

  it('makes a reply a comment (text only, without its leading mention), edits it on Update and removes it on Delete', async () => {
    const ana = await createUser(t);
    await followAs('alice', ana);
    const post = await postOf(ana, 'public');
    const reply = new Note({
      id: newId('notes'),
      attribution: remote.actorUri('alice'),
      to: PUBLIC_COLLECTION,
      replyTarget: post.note,
      content: `<p><span class="h-card"><a href="${actorUri(ana).href}" class="u-url mention">@<span>${ana.name}</span></a></span> Great <script>alert(1)</script>pick &amp; <b>more</b></p>`,
    });
    const create = new Create({ id: newId('creates'), actor: remote.actorUri('alice'), object: reply });
    await deliver('alice', ana, create);
    await deliver('alice', ana, new Create({ id: newId('creates'), actor: remote.actorUri('alice'), object: reply }));
    const comments = async () => (await call(t, `/api/posts/${post.id}/comments`)).body;
    const page = await comments();
    expect(page.commentsCount).toBe(1);
    expect(page.comments[0].content).toBe('Great pick & more');
    expect(page.comments[0].author.displayName).toBe(`alice@${remote.host}`);

    const edited = new Note({
      id: reply.id,
      attribution: remote.actorUri('alice'),
      replyTarget: post.note,
      content: '<p>Changed my mind: superb.</p>',
    });
    await deliver('alice', ana, new Update({ id: newId('updates'), actor: remote.actorUri('alice'), object: edited }));
    expect((await comments()).comments[0].content).toBe('Changed my mind: superb.');

    // Someone else cannot delete it.
    await deliver(
      'mallory',
      ana,
      new Delete({ id: newId('deletes'), actor: remote.actorUri('mallory'), object: new Tombstone({ id: reply.id }) }),
    );
    expect((await comments()).commentsCount).toBe(1);
    await deliver(
      'alice',
      ana,
      new Delete({ id: newId('deletes'), actor: remote.actorUri('alice'), object: new Tombstone({ id: reply.id }) }),
    );
    expect((await comments()).commentsCount).toBe(0);
    expect(await postCounts(post.id)).toMatchObject({ comments: 0 });
  });

  it('makes a Block a block, which ends their follow, and Undo lifts it', async () => {
    const ana = await createUser(t);
    await followAs('carl', ana);
    const carl = await db()
      .selectFrom('remote_actors')
      .select('user_id')
      .where('uri', '=', remote.actorUri('carl').href)
      .executeTakeFirstOrThrow();
    const block = new Block({ id: newId('blocks'), actor: remote.actorUri('carl'), object: actorUri(ana) });
    await deliver('carl', ana, block);
    const blocks = () =>
      db().selectFrom('blocks').select('blocked_id').where('blocker_id', '=', carl.user_id).execute();
    expect(await blocks()).toEqual([{ blocked_id: ana.id }]);
    const profile = await db()
      .selectFrom('profiles')
      .select('follower_count')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(Number(profile.follower_count)).toBe(0);
    await deliver('carl', ana, new Undo({ id: newId('undo'), actor: remote.actorUri('carl'), object: block }));
    expect(await blocks()).toEqual([]);
  });

  it('puts a Flag in the moderation queue, naming the post and the member it names', async () => {
    const ana = await createUser(t);
    await followAs('alice', ana);
    const post = await postOf(ana, 'public');
    await deliver(
      'moderator',
      ana,
      new Flag({
        id: newId('flags'),
        actor: remote.actorUri('moderator'),
        objects: [actorUri(ana), post.note],
        content: 'Spam, <b>again</b>',
      }),
    );
    const reports = await db()
      .selectFrom('reports')
      .select(['subject_type', 'subject_id', 'reason', 'text'])
      .where('owner_id', '=', ana.id)
      .orderBy('subject_type')
      .execute();
    expect(reports).toEqual([
      { subject_type: 'post', subject_id: post.id, reason: 'other', text: 'Spam, again' },
      { subject_type: 'user', subject_id: ana.id, reason: 'other', text: 'Spam, again' },
    ]);
  });

  it('removes a person whose account was deleted there, with their likes, comments and follow', async () => {
    const ana = await createUser(t);
    await followAs('dora', ana);
    const post = await postOf(ana, 'public');
    await deliver('dora', ana, new Like({ id: newId('likes'), actor: remote.actorUri('dora'), object: post.note }));
    const reply = new Note({
      id: newId('notes'),
      attribution: remote.actorUri('dora'),
      replyTarget: post.note,
      content: 'hi',
    });
    await deliver('dora', ana, new Create({ id: newId('creates'), actor: remote.actorUri('dora'), object: reply }));
    expect(await postCounts(post.id)).toEqual({ likes: 1, comments: 1 });

    await deliver(
      'dora',
      ana,
      new Delete({ id: newId('deletes'), actor: remote.actorUri('dora'), object: remote.actorUri('dora') }),
    );
    expect(await postCounts(post.id)).toEqual({ likes: 0, comments: 0 });
    const profile = await db()
      .selectFrom('profiles')
      .select('follower_count')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(Number(profile.follower_count)).toBe(0);
    const left = await db()
      .selectFrom('remote_actors')
      .select('uri')
      .where('uri', '=', remote.actorUri('dora').href)
      .execute();
    expect(left).toEqual([]);
  });

  it('ignores, with 202, a Like of nothing of ours', async () => {
    const ana = await createUser(t);
    const likesBefore = await db().selectFrom('likes').select('user_id').execute();
    for (const object of [new URL('/ap/notes/p.0.nope', t.baseUrl), new URL('https://example.com/x'), actorUri(ana)]) {
      // send() fails unless liner answers 2xx.
      await deliver('bob', ana, new Like({ id: newId('likes'), actor: remote.actorUri('bob'), object }));
    }
    expect(await db().selectFrom('likes').select('user_id').execute()).toEqual(likesBefore);
    // A Flag about nothing of ours reports nothing, and makes no member of its sender.
    await deliver(
      'stranger',
      ana,
      new Flag({
        id: newId('flags'),
        actor: remote.actorUri('stranger'),
        objects: [new URL('https://example.com/x')],
        content: 'spam',
      }),
    );
    const stranger = await db()
      .selectFrom('remote_actors')
      .select('uri')
      .where('uri', '=', remote.actorUri('stranger').href)
      .execute();
    expect(stranger).toEqual([]);
  });
});
