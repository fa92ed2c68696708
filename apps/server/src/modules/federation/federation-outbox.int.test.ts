import { Accept, type Activity, Create, Delete, Follow, Note, PUBLIC_COLLECTION, Update } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitOutboundRequests } from '../../lib/outbound-http.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

const ALBUM = 'miles-davis-kind-of-blue';
let t: TestApp;
let remote: FakeServer;
let ana: TestUser;
let track: string;

beforeAll(async () => {
  remote = await startFakeServer();
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
  ana = await createUser(t);
  await followAs('alice', ana);
  track = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks[0].id;
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

const actorUri = (user: TestUser) => new URL(`/ap/users/${user.id}`, t.baseUrl);
const as = (who: TestUser, path: string, method: string, body?: unknown) =>
  call(t, path, { method, body, cookie: who.cookie, ip: who.ip });

let follows = 0;
async function followAs(name: string, user: TestUser, server = remote): Promise<void> {
  const follow = new Follow({
    id: new URL(`/follows/${++follows}`, server.origin),
    actor: server.actorUri(name),
    object: actorUri(user),
  });
  await server.send(name, actorUri(user), follow);
  await waitFor(
    async () =>
      server.received.some((a) => a instanceof Accept && a.objectIds.some((id) => id.href === follow.id?.href)),
    Boolean,
  );
}

/** Waits for everything committed so far to be handed to Fedify, then for its deliveries to arrive. */
async function deliveredSince(count: number, server = remote, expected = 1): Promise<Activity[]> {
  await t.app.federationOutbox?.drained();
  await waitFor(
    async () => server.received.length,
    (n) => n >= count + expected,
    3000,
  );
  // A little longer, so an activity that should not have come has had its chance to.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return server.received.slice(count);
}

async function noteOf(activity: Activity | undefined): Promise<Note> {
  const object = await activity?.getObject();
  if (!(object instanceof Note)) throw new Error(`no Note in ${activity?.constructor.name}`);
  return object;
}

const fetchAs = (uri: URL | string, accept = 'application/activity+json') => fetch(uri, { headers: { accept } });

describe('telling remote followers', () => {
  it('sends a public note as a Create of a Note to everyone, copied to followers, that anyone may fetch', async () => {
    const before = remote.received.length;
    const res = await as(ana, '/api/posts', 'POST', {
      title: 'Late night',
      content: 'Blue in Green <3\n\nAgain.',
      visibility: 'public',
    });
    expect(res.status).toBe(201);
    const [create, ...rest] = await deliveredSince(before);
    expect(rest).toEqual([]);
    expect(create).toBeInstanceOf(Create);
    expect(create?.actorId?.href).toBe(actorUri(ana).href);
    const note = await noteOf(create);
    expect(note.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note.ccIds.map(String)).toEqual([`${actorUri(ana).href}/followers`]);
    expect(note.attributionId?.href).toBe(actorUri(ana).href);
    expect(note.content?.toString()).toContain(
      '<p><strong>Late night</strong></p><p>Blue in Green &lt;3</p><p>Again.</p>',
    );
    expect(note.url?.toString()).toBe(`${t.baseUrl}/post/${res.body.id}`);

    const fetched = await fetchAs(note.id as URL);
    expect(fetched.status).toBe(200);
    const served = await Note.fromJsonLd(await fetched.json());
    expect(served.content?.toString()).toBe(note.content?.toString());
  });

  it('addresses a followers-only note to the followers collection, and serves it to a follower only', async () => {
    const before = remote.received.length;
    const res = await as(ana, '/api/posts', 'POST', { title: 'Just us', content: 'Shh', visibility: 'followers' });
    const [create] = await deliveredSince(before);
    const note = await noteOf(create);
    expect(note.toIds.map(String)).toEqual([`${actorUri(ana).href}/followers`]);
    expect(note.ccIds).toEqual([]);
    expect((await fetchAs(note.id as URL)).status).toBe(401);
    const asFollower = await remote.lookupObject('alice', note.id as URL);
    expect(asFollower).toBeInstanceOf(Note);
    const asStranger = await remote.lookupObject('zed', note.id as URL).catch(() => null);
    expect(asStranger).toBeNull();
    expect(res.status).toBe(201);
  });

  it('never sends a note only its author may read', async () => {
    const before = remote.received.length;
    const res = await as(ana, '/api/posts', 'POST', { title: 'Diary', content: 'mine', visibility: 'private' });
    expect(res.status).toBe(201);
    await t.app.federationOutbox?.drained();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.received.slice(before)).toEqual([]);
  });

  it('sends an edit as an Update of the same Note, a change of audience as a Delete and a new Note, a deletion as a Delete', async () => {
    let before = remote.received.length;
    const post = await as(ana, '/api/posts', 'POST', { title: 'Draft', content: 'first', visibility: 'public' });
    const created = await noteOf((await deliveredSince(before))[0]);

    before = remote.received.length;
    expect((await as(ana, `/api/posts/${post.body.id}`, 'PATCH', { content: 'second' })).status).toBe(200);
    const [update] = await deliveredSince(before);
    expect(update).toBeInstanceOf(Update);
    const updated = await noteOf(update);
    expect(updated.id?.href).toBe(created.id?.href);
    expect(updated.content?.toString()).toContain('<p>second</p>');
    expect(updated.updated).not.toBeNull();

    before = remote.received.length;
    expect((await as(ana, `/api/posts/${post.body.id}`, 'PATCH', { visibility: 'followers' })).status).toBe(200);
    const [gone, again] = await deliveredSince(before, remote, 2);
    expect(gone).toBeInstanceOf(Delete);
    expect(gone?.objectIds.map(String)).toEqual([created.id?.href]);
    expect(again).toBeInstanceOf(Create);
    const recreated = await noteOf(again);
    expect(recreated.id?.href).not.toBe(created.id?.href);
    expect(recreated.toIds.map(String)).toEqual([`${actorUri(ana).href}/followers`]);
    expect((await fetchAs(created.id as URL)).status).toBe(404);

    before = remote.received.length;
    expect((await as(ana, `/api/posts/${post.body.id}`, 'DELETE')).status).toBe(204);
    const [deleted] = await deliveredSince(before);
    expect(deleted).toBeInstanceOf(Delete);
    expect(deleted?.objectIds.map(String)).toEqual([recreated.id?.href]);
  });

  it('sends a review with its album and stars, and a day of album ratings as one Note, updated then deleted', async () => {
    let before = remote.received.length;
    // A review is written with a collection entry, which needs a rated song first.
    await as(ana, `/api/albums/${ALBUM}/tracks/${track}/rating`, 'PUT', { rating: 9 });
    const added = await as(ana, '/api/users/me/collection', 'POST', {
      albumId: ALBUM,
      review: 'Modal jazz at its most relaxed.',
      reviewVisibility: 'public',
    });
    expect(added.body).toMatchObject({ id: ALBUM, reviewPostId: expect.any(String) });
    const delivered = await deliveredSince(before, remote, 2);
    const creates = await Promise.all(delivered.filter((a) => a instanceof Create).map(noteOf));
    const review = creates.find((note) => note.content?.toString().startsWith('<p>Reviewed'));
    const ratingNote = creates.find((note) => note.content?.toString().startsWith('<p>Rated'));
    if (!review || !ratingNote) throw new Error('no review and rating Notes');
    expect(review.content?.toString()).toMatch(
      new RegExp(`^<p>Reviewed <a href="${t.baseUrl}/album/${ALBUM}">Kind of Blue</a> by Miles Davis`),
    );
    expect(review.content?.toString()).toContain('<p>Modal jazz at its most relaxed.</p>');

    expect(ratingNote.content?.toString()).toBe(
      `<p>Rated <a href="${t.baseUrl}/album/${ALBUM}">Kind of Blue</a> by Miles Davis ★★★★½ (4.5/5)</p>`,
    );

    before = remote.received.length;
    await as(ana, `/api/albums/${ALBUM}/tracks/${track}/rating`, 'PUT', { rating: 6 });
    const changed = (await deliveredSince(before)).filter((a) => a instanceof Update);
    const rerated = await Promise.all(changed.map(noteOf));
    const sameNote = rerated.find((note) => note.id?.href === ratingNote.id?.href);
    expect(sameNote?.content?.toString()).toContain('★★★ (3/5)');

    before = remote.received.length;
    await as(ana, `/api/albums/${ALBUM}/tracks/${track}/rating`, 'PUT', { rating: null });
    const cleared = await deliveredSince(before);
    expect(cleared.some((a) => a instanceof Delete && a.objectIds.some((id) => id.href === ratingNote.id?.href))).toBe(
      true,
    );
  });

  it('sends a listed list, and nothing for an unlisted one', async () => {
    let before = remote.received.length;
    const listed = await as(ana, '/api/lists', 'POST', { title: 'Late night jazz', kind: 'album', itemIds: [ALBUM] });
    expect(listed.status).toBe(201);
    const note = await noteOf((await deliveredSince(before))[0]);
    expect(note.content?.toString()).toContain(
      `Made a list: <a href="${t.baseUrl}/lists/${listed.body.id}">Late night jazz</a> (1 album)`,
    );

    before = remote.received.length;
    await as(ana, '/api/lists', 'POST', { title: 'Secret', kind: 'album', visibility: 'unlisted' });
    await t.app.federationOutbox?.drained();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.received.slice(before)).toEqual([]);
  });

  it('does not slow a write when a follower server is down, and still reaches the others', async () => {
    const doomed = await startFakeServer();
    await followAs('gone', ana, doomed);
    await doomed.close();
    const before = remote.received.length;
    const started = performance.now();
    const res = await as(ana, '/api/posts', 'POST', { title: 'Still here', content: 'x', visibility: 'public' });
    const took = performance.now() - started;
    expect(res.status).toBe(201);
    expect(took).toBeLessThan(500);
    const [create] = await deliveredSince(before);
    expect((await noteOf(create)).content?.toString()).toContain('Still here');
  });

  it('lists a member’s public Notes in their outbox and their favourite albums as featured', async () => {
    const cy = await createUser(t);
    const post = (title: string, visibility: string) =>
      as(cy, '/api/posts', 'POST', { title, content: 'x', visibility }).then((res) => res.body.id as string);
    const open = await post('For everyone', 'public');
    await post('For followers', 'followers');
    await post('For me', 'private');
    await t.app.federationOutbox?.drained();
    expect((await as(cy, '/api/users/me/favourites', 'PUT', { albumIds: [ALBUM] })).status).toBe(200);

    const read = async (uri: URL | string) => {
      const res = await fetch(uri, { headers: { accept: 'application/activity+json' } });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    const person = await read(actorUri(cy));
    expect(person.outbox).toBe(`${actorUri(cy).href}/outbox`);
    expect(person.featured).toBe(`${actorUri(cy).href}/featured`);

    const outbox = await read(person.outbox as string);
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    const page = await read(outbox.first as string);
    const items = page.orderedItems as { type: string; object: { id: string; content: string } }[];
    expect(items).toHaveLength(1);
    expect(items[0]?.type).toBe('Create');
    expect(items[0]?.object.id).toContain(open);

    const featured = await read(person.featured as string);
    const albums = featured.orderedItems as { name: string; url: string }[];
    expect(albums).toEqual([
      expect.objectContaining({ name: 'Kind of Blue by Miles Davis', url: `${t.baseUrl}/album/${ALBUM}` }),
    ]);

    // A locked profile has nothing public.
    await as(cy, '/api/users/me/privacy', 'PUT', { locked: true, defaultAudience: 'followers' });
    expect(await read(person.outbox as string)).toMatchObject({ totalItems: 0 });
    expect((await read(outbox.first as string)).orderedItems ?? []).toEqual([]);
    expect((await read(person.featured as string)).orderedItems ?? []).toEqual([]);
  });

  it('tells followers’ servers when a member deletes their account, signed with the key they know', async () => {
    const bo = await createUser(t);
    await followAs('carol', bo);
    const before = remote.received.length;
    const deleted = await as(bo, '/api/users/me', 'DELETE', { password: bo.password });
    expect(deleted.status).toBe(204);
    // The fake server only keeps what passed its signature check, against the key it cached.
    const farewell = await waitFor(
      async () => remote.received.slice(before).find((a) => a instanceof Delete),
      (found) => found !== undefined,
    );
    expect(farewell?.objectId?.href).toBe(actorUri(bo).href);
    expect(farewell?.actorId?.href).toBe(actorUri(bo).href);
    // The actor is gone here.
    const actor = await fetch(actorUri(bo), { headers: { accept: 'application/activity+json' } });
    expect(actor.status).toBe(404);
  });

  it('gives up on a follower server that takes a delivery and never answers, and still reaches the others', async () => {
    // Production's limits are fifteen seconds; the same mechanism, shortened to fit a test.
    limitOutboundRequests({ connectMs: 1000, headersMs: 400, bodyMs: 400 });
    const stuck = await startFakeServer();
    try {
      await followAs('stuck', ana, stuck);
      stuck.hangDeliveries = true;
      const before = remote.received.length;
      const res = await as(ana, '/api/posts', 'POST', { title: 'Anyone there', content: 'x', visibility: 'public' });
      expect(res.status).toBe(201);
      const [create] = await deliveredSince(before);
      expect((await noteOf(create)).content?.toString()).toContain('Anyone there');
      // Without a limit the connection would stay open for Node's default five minutes.
      expect(
        await waitFor(
          async () => stuck.abandoned,
          (n) => n >= 1,
          3000,
        ),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      limitOutboundRequests();
      await stuck.close();
    }
  });
});
