import { Follow, Update } from '@fedify/vocab';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { type FakeServer, startFakeServer } from '../../test/fake-fediverse.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

let t: TestApp;
let remote: FakeServer;
let ana: TestUser;
/** The picture each person of the fake server names; changed by the tests. */
const icons = new Map<string, string>();

beforeAll(async () => {
  remote = await startFakeServer({ icon: (name) => icons.get(name) });
  t = await createTestApp({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' } });
  ana = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await remote.close();
});

/** A plain picture; its shade tells copies apart (the same shade makes the same copy). */
const png = (width: number, height: number, shade = 90) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: shade } } })
    .png()
    .toBuffer();

let follows = 0;
/** `name` of the fake server follows ana, which makes them a member here. */
async function follow(name: string): Promise<void> {
  const object = new URL(`/ap/users/${ana.id}`, t.baseUrl);
  const id = new URL(`/follows/${++follows}`, remote.origin);
  await remote.send(name, object, new Follow({ id, actor: remote.actorUri(name), object }));
}

async function profileOf(name: string): Promise<{ pictureUrl: string | null }> {
  const handle = `${name}@${remote.host}`;
  const res = await waitFor(
    () => call(t, `/api/profiles/${encodeURIComponent(handle)}`),
    (r) => r.status === 200,
  );
  expect(res.status).toBe(200);
  return res.body as { pictureUrl: string | null };
}

describe('pictures of people of other servers', () => {
  it('shows a copy made here, square and from our origin, fetched once while it stays the same', async () => {
    remote.serveFile('/media/alice.png', { body: await png(600, 400), type: 'image/png' });
    icons.set('alice', '/media/alice.png');
    await follow('alice');
    // Their Follow is taken in the background, the picture with it.
    const pictureUrl = await waitFor(
      async () => (await profileOf('alice')).pictureUrl,
      (url) => url !== null,
    );
    expect(pictureUrl).toMatch(/^\/api\/files\/avatars\/[0-9a-f]+\/[0-9a-f]+\.webp$/);

    const picture = await fetch(new URL(pictureUrl ?? '', t.baseUrl));
    expect(picture.status).toBe(200);
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    await follow('alice');
    expect(remote.fileRequests.get('/media/alice.png')).toBe(1);
  });

  it('copies the new picture when their server names another, and removes it when it names none', async () => {
    const before = (await profileOf('alice')).pictureUrl;
    remote.serveFile('/media/alice-2.png', { body: await png(300, 300, 220), type: 'image/png' });
    icons.set('alice', '/media/alice-2.png');
    const person = await remote.lookup('alice', remote.actorUri('alice'));
    const inbox = new URL(`/ap/users/${ana.id}`, t.baseUrl);
    await remote.send(
      'alice',
      inbox,
      new Update({ id: new URL('/updates/1', remote.origin), actor: remote.actorUri('alice'), object: person }),
    );
    const changed = await waitFor(
      async () => (await profileOf('alice')).pictureUrl,
      (url) => url !== before,
    );
    expect(changed).toMatch(/^\/api\/files\/avatars\//);
    // The old copy is gone with it.
    expect((await fetch(new URL(before ?? '', t.baseUrl))).status).toBe(404);

    icons.delete('alice');
    const plain = await remote.lookup('alice', remote.actorUri('alice'));
    await remote.send(
      'alice',
      inbox,
      new Update({ id: new URL('/updates/2', remote.origin), actor: remote.actorUri('alice'), object: plain }),
    );
    expect(
      await waitFor(
        async () => (await profileOf('alice')).pictureUrl,
        (url) => url === null,
      ),
    ).toBeNull();
  });

  it('follows a redirect to the picture', async () => {
    remote.serveFile('/media/bob', { redirectTo: '/media/files/bob.png' });
    remote.serveFile('/media/files/bob.png', { body: await png(100, 100), type: 'image/png' });
    icons.set('bob', '/media/bob');
    await follow('bob');
    expect(
      await waitFor(
        async () => (await profileOf('bob')).pictureUrl,
        (url) => url !== null,
      ),
    ).toMatch(/^\/api\/files\/avatars\//);
  });

  it('makes the person without a picture when theirs is too big, not a picture, or missing', async () => {
    remote.serveFile('/media/huge.png', { body: new Uint8Array(6 * 1024 * 1024), type: 'image/png' });
    remote.serveFile('/media/note.png', { body: new TextEncoder().encode('not a picture'), type: 'image/png' });
    icons.set('cleo', '/media/huge.png');
    icons.set('dave', '/media/note.png');
    icons.set('eve', '/media/nothing-here.png');
    const handles = ['cleo', 'dave', 'eve'].map((name) => `${name}@${remote.host}`);
    for (const name of ['cleo', 'dave', 'eve']) await follow(name);
    // Each follow is taken once the picture was tried: they still become followers.
    const followerNames = async () => {
      const followers = await call(t, `/api/users/${ana.id}/followers`);
      return (followers.body.people as { displayName: string }[]).map((p) => p.displayName);
    };
    expect(await waitFor(followerNames, (names) => handles.every((h) => names.includes(h)))).toEqual(
      expect.arrayContaining(handles),
    );
    expect(remote.fileRequests.get('/media/huge.png')).toBe(1);
    expect(remote.fileRequests.get('/media/note.png')).toBe(1);
    for (const name of ['cleo', 'dave', 'eve']) expect((await profileOf(name)).pictureUrl, name).toBeNull();
  });
});
