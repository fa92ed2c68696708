import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser, verifyEmail } from '../../test/users.ts';

/** Playlist ids the fake provider knows, and how it behaves for each. */
const MIX = '37i9dQZF1DXcBWIGoYBM5M';
const CHILL = '37i9dQZF1DX4WYpdgoIcn6';
const NO_COVER = '1a2b3c4d5e6f7g8h9i0jKL';
const BROKEN_COVER = 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3S';
const PROVIDER_DOWN = 'DownDownDownDownDown01';
const SLOW = 'SlowSlowSlowSlowSlow01';
const UNKNOWN = 'NobodyKnowsThisOne0001';

interface FakeProvider {
  url: string;
  /** The `url` query parameter of every oEmbed request, in order. */
  asked: string[];
  close(): Promise<void>;
}

async function startFakeProvider(): Promise<FakeProvider> {
  const cover = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#1db954' } })
    .png()
    .toBuffer();
  const asked: string[] = [];
  let base = '';
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname === '/cover.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(cover);
      return;
    }
    if (url.pathname !== '/oembed') {
      response.writeHead(404).end();
      return;
    }
    const link = url.searchParams.get('url') ?? '';
    asked.push(link);
    const id = link.replace('https://open.spotify.com/playlist/', '');
    if (id === SLOW) return; // never answers: the client's time-out has to end the wait
    if (id === PROVIDER_DOWN) {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      return;
    }
    const known: Record<string, { title: string; thumbnail_url?: string }> = {
      [MIX]: { title: 'Today’s Top Hits', thumbnail_url: `${base}/cover.png` },
      [CHILL]: { title: 'Chill Vibes', thumbnail_url: `${base}/cover.png` },
      [NO_COVER]: { title: 'No Cover Mix' },
      [BROKEN_COVER]: { title: 'Broken Cover Mix', thumbnail_url: `${base}/missing.png` },
    };
    const answer = known[id];
    if (!answer) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'rich', version: '1.0', provider_name: 'Spotify', ...answer }));
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/oembed`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let provider: FakeProvider;
let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  provider = await startFakeProvider();
  t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com', SPOTIFY_OEMBED_URL: provider.url } });
  admin = await createUser(t, { email: 'admin@example.com' });
  await verifyEmail(t, admin);
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Each test starts with no featured playlists. */
beforeEach(async () => {
  await t.database.handle.db.deleteFrom('featured_playlists').execute();
});

const ADMIN_PATH = '/api/admin/featured-playlists';

function add(body: unknown, who: TestUser | null = admin) {
  return call(t, ADMIN_PATH, { method: 'POST', body, cookie: who?.cookie, ip: who?.ip });
}

async function storedIds(): Promise<string[]> {
  const rows = await t.database.handle.db.selectFrom('featured_playlists').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function publicList(): Promise<Json[]> {
  const res = await call(t, '/api/featured-playlists');
  expect(res.status).toBe(200);
  return res.body;
}

describe('who may do what', () => {
  it('lets anyone read the public list', async () => {
    await add({ spotifyUrl: MIX });
    for (const who of [null, user, admin]) {
      const res = await call(t, '/api/featured-playlists', { cookie: who?.cookie });
      expect(res.status).toBe(200);
      expect(res.body.map((p: Json) => p.id)).toEqual([MIX]);
    }
  });

  it('answers 401 signed out, 403 for users and success for admins on every admin call', async () => {
    const calls = [
      { method: 'GET', path: ADMIN_PATH, body: undefined, ok: 200 },
      { method: 'POST', path: ADMIN_PATH, body: { spotifyUrl: CHILL, title: 'Mine' }, ok: 201 },
      { method: 'PUT', path: `${ADMIN_PATH}/${MIX}`, body: { isActive: false }, ok: 200 },
      { method: 'DELETE', path: `${ADMIN_PATH}/${MIX}`, body: undefined, ok: 204 },
    ];
    for (const c of calls) {
      await t.database.handle.db.deleteFrom('featured_playlists').execute();
      await add({ spotifyUrl: MIX, title: 'Seeded' });
      const anonymous = await call(t, c.path, { method: c.method, body: c.body });
      expect(anonymous.status, `${c.method} anonymous`).toBe(401);
      expect(anonymous.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'User not authenticated' } });
      const plain = await call(t, c.path, { method: c.method, body: c.body, cookie: user.cookie });
      expect(plain.status, `${c.method} user`).toBe(403);
      expect(plain.body).toEqual({
        error: { code: 'FORBIDDEN', message: "You don't have permission to access this page." },
      });
      // Refused calls change nothing.
      expect(await storedIds()).toEqual([MIX]);
      expect((await publicList())[0]).toMatchObject({ title: 'Seeded', isActive: true });
      const allowed = await call(t, c.path, { method: c.method, body: c.body, cookie: admin.cookie });
      expect(allowed.status, `${c.method} admin`).toBe(c.ok);
    }
  });

  it('checks who is asking before reading the body', async () => {
    const res = await call(t, ADMIN_PATH, { method: 'POST', body: { spotifyUrl: 42 }, cookie: user.cookie });
    expect(res.status).toBe(403);
    expect((await call(t, ADMIN_PATH, { method: 'POST', body: { spotifyUrl: 42 } })).status).toBe(401);
  });

  it("does not take an admin's session token as a bearer token", async () => {
    const token = decodeURIComponent(admin.cookie.match(/liner\.session_token=([^;]+)/)?.[1] ?? '');
    const res = await call(t, ADMIN_PATH, {
      method: 'POST',
      body: { spotifyUrl: MIX, title: 'By token' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(await storedIds()).toEqual([]);
  });

  it('refuses a cross-site add even from an admin', async () => {
    const res = await call(t, ADMIN_PATH, {
      method: 'POST',
      body: { spotifyUrl: MIX, title: 'x' },
      cookie: admin.cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(await storedIds()).toEqual([]);
  });
});

describe('adding a playlist', () => {
  it('fetches the name and cover from the provider when no title is given', async () => {
    const before = provider.asked.length;
    const res = await add({ spotifyUrl: `https://open.spotify.com/intl-de/playlist/${MIX}?si=abc123` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: MIX,
      spotifyUrl: `https://open.spotify.com/playlist/${MIX}`,
      title: 'Today’s Top Hits',
      description: null,
      type: 'playlist',
      isActive: true,
      position: 0,
    });
    expect(provider.asked.slice(before)).toEqual([`https://open.spotify.com/playlist/${MIX}`]);
    // The cover is copied and served from our own origin (the CSP allows no other).
    expect(res.body.imageUrl).toMatch(new RegExp(`^/api/files/playlists/${MIX}/[0-9a-f]+\\.webp$`));
    const image = await fetch(`${t.baseUrl}${res.body.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 300 });
    expect(await publicList()).toEqual([res.body]);
  });

  it('keeps a custom title and a description, trimmed', async () => {
    const res = await add({
      spotifyUrl: `  spotify:playlist:${CHILL} `,
      title: '  Late Night  ',
      description: ' Slow. ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: CHILL, title: 'Late Night', description: 'Slow.' });
    expect(res.body.imageUrl).toMatch(/\.webp$/);
  });

  it('treats a blank title and description as absent', async () => {
    const res = await add({ spotifyUrl: CHILL, title: '   ', description: '\n ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Chill Vibes', description: null });
  });

  it('accepts the link as `url` too', async () => {
    const res = await add({ url: `open.spotify.com/playlist/${MIX}` });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(MIX);
  });

  it('saves without a cover when the provider has none or it cannot be fetched', async () => {
    const none = await add({ spotifyUrl: NO_COVER });
    expect(none.status).toBe(201);
    expect(none.body).toMatchObject({ title: 'No Cover Mix', imageUrl: null });
    const broken = await add({ spotifyUrl: BROKEN_COVER });
    expect(broken.status).toBe(201);
    expect(broken.body).toMatchObject({ title: 'Broken Cover Mix', imageUrl: null });
  });

  it('asks for a Custom Title when the provider fails and saves nothing', async () => {
    for (const id of [PROVIDER_DOWN, UNKNOWN]) {
      const res = await add({ spotifyUrl: id });
      expect(res.status, id).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
      expect(res.body.error.message).toMatch(/Custom Title/);
    }
    expect(await storedIds()).toEqual([]);
  });

  it('saves with a custom title while the provider is down, without a cover', async () => {
    const res = await add({ spotifyUrl: PROVIDER_DOWN, title: 'Still Here' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: PROVIDER_DOWN, title: 'Still Here', imageUrl: null });
  });

  it('gives up on a provider that does not answer within 3 seconds', async () => {
    const started = Date.now();
    const res = await add({ spotifyUrl: SLOW });
    const waited = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Custom Title/);
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(8000);
    expect(await storedIds()).toEqual([]);

    const titled = await add({ spotifyUrl: SLOW, title: 'Patience' });
    expect(titled.status).toBe(201);
    expect(titled.body).toMatchObject({ title: 'Patience', imageUrl: null });
  });

  it("asks for a link with 'Please enter a Spotify playlist URL'", async () => {
    for (const body of [{}, { spotifyUrl: '' }, { spotifyUrl: '   ' }, { url: ' ' }, { title: 'No link' }]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'Please enter a Spotify playlist URL' } });
    }
    expect(await storedIds()).toEqual([]);
  });

  it("refuses a link it cannot read with 'Invalid Spotify playlist URL format'", async () => {
    for (const link of [
      `https://open.spotify.com/album/${MIX}`,
      `spotify:track:${MIX}`,
      `https://example.com/playlist/${MIX}`,
      'not a link',
      'short',
      'x'.repeat(600),
    ]) {
      const res = await add({ spotifyUrl: link });
      expect(res.status, link).toBe(400);
      expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'Invalid Spotify playlist URL format' } });
    }
    expect(await storedIds()).toEqual([]);
  });

  it('refuses bodies of the wrong shape and overlong fields', async () => {
    for (const body of [
      { spotifyUrl: 42 },
      { spotifyUrl: MIX, title: 7 },
      { spotifyUrl: MIX, isActive: 'yes' },
      { spotifyUrl: MIX, title: 't'.repeat(201) },
      { spotifyUrl: MIX, title: 'ok', description: 'd'.repeat(1001) },
      [MIX],
    ]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    expect(await storedIds()).toEqual([]);
  });

  it("refuses the same playlist twice with 409 'This playlist is already featured', whatever the link form", async () => {
    expect((await add({ spotifyUrl: MIX, title: 'First' })).status).toBe(201);
    for (const link of [MIX, `spotify:playlist:${MIX}`, `https://open.spotify.com/playlist/${MIX}?si=zzz`]) {
      const res = await add({ spotifyUrl: link, title: 'Again' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: { code: 'PLAYLIST_ALREADY_FEATURED', message: 'This playlist is already featured' },
      });
    }
    expect((await publicList()).map((p) => p.title)).toEqual(['First']);
  });

  it('lets only one of two simultaneous adds of the same playlist through', async () => {
    const results = await Promise.all([add({ spotifyUrl: MIX, title: 'A' }), add({ spotifyUrl: MIX, title: 'B' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await storedIds()).toEqual([MIX]);
  });

  it('can add a playlist switched off', async () => {
    const res = await add({ spotifyUrl: MIX, title: 'Hidden', isActive: false });
    expect(res.status).toBe(201);
    expect(res.body.isActive).toBe(false);
    expect(await publicList()).toEqual([]);
  });
});

describe('managing playlists', () => {
  it('lists playlists in the order they were added', async () => {
    for (const [id, title] of [
      [CHILL, 'One'],
      [MIX, 'Two'],
      [NO_COVER, 'Three'],
    ] as const) {
      expect((await add({ spotifyUrl: id, title })).status).toBe(201);
    }
    expect((await publicList()).map((p) => [p.title, p.position])).toEqual([
      ['One', 0],
      ['Two', 1],
      ['Three', 2],
    ]);
  });

  it('toggles a playlist off and on: hidden from the public list, still listed for admins', async () => {
    await add({ spotifyUrl: MIX, title: 'Toggle me' });
    await add({ spotifyUrl: CHILL, title: 'Stays' });
    const off = await call(t, `${ADMIN_PATH}/${MIX}`, {
      method: 'PUT',
      body: { isActive: false },
      cookie: admin.cookie,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: MIX, title: 'Toggle me', isActive: false });
    expect((await publicList()).map((p) => p.id)).toEqual([CHILL]);
    const all = await call(t, ADMIN_PATH, { cookie: admin.cookie });
    expect(all.body.map((p: Json) => [p.id, p.isActive])).toEqual([
      [MIX, false],
      [CHILL, true],
    ]);
    const on = await call(t, `${ADMIN_PATH}/${MIX}`, { method: 'PUT', body: { isActive: true }, cookie: admin.cookie });
    expect(on.body.isActive).toBe(true);
    expect((await publicList()).map((p) => p.id)).toEqual([MIX, CHILL]);
  });

  it('edits title and description, trimmed; a blank description clears it, a blank title is refused', async () => {
    await add({ spotifyUrl: MIX, title: 'Old', description: 'Old words' });
    const put = (body: unknown) => call(t, `${ADMIN_PATH}/${MIX}`, { method: 'PUT', body, cookie: admin.cookie });
    const edited = await put({ title: '  New  ', description: ' New words ' });
    expect(edited.body).toMatchObject({ title: 'New', description: 'New words', isActive: true });
    expect((await put({ description: '  ' })).body.description).toBeNull();
    await put({ description: 'Back' });
    expect((await put({ description: null })).body.description).toBeNull();
    const blank = await put({ title: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Title cannot be empty');
    expect((await put({ isActive: 'no' })).status).toBe(400);
    expect((await put({})).body).toMatchObject({ title: 'New', description: null });
  });

  it("answers 'Playlist not found' for an unknown id", async () => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await call(t, `${ADMIN_PATH}/${UNKNOWN}`, {
        method,
        body: method === 'PUT' ? { isActive: false } : undefined,
        cookie: admin.cookie,
      });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ error: { code: 'PLAYLIST_NOT_FOUND', message: 'Playlist not found' } });
    }
    const empty = await call(t, `${ADMIN_PATH}/${UNKNOWN}`, { method: 'PUT', body: {}, cookie: admin.cookie });
    expect(empty.status).toBe(404);
  });

  it('deletes a playlist and its cover copy', async () => {
    const added = await add({ spotifyUrl: MIX });
    await add({ spotifyUrl: CHILL, title: 'Other' });
    const cover = added.body.imageUrl as string;
    const res = await call(t, `${ADMIN_PATH}/${MIX}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await publicList()).map((p) => p.id)).toEqual([CHILL]);
    expect((await fetch(`${t.baseUrl}${cover}`)).status).toBe(404);
    const again = await call(t, `${ADMIN_PATH}/${MIX}`, { method: 'DELETE', cookie: admin.cookie });
    expect(again.status).toBe(404);
    // Deleted playlists can be featured again.
    expect((await add({ spotifyUrl: MIX, title: 'Back' })).status).toBe(201);
  });
});
