import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from '../plugins/input-hygiene.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser, makeAdmin, nextIp, type TestUser } from '../test/users.ts';
import { fillPath, MUTATING_METHODS, ownApiRoutes, seededAlbum, send } from './suite-helpers.ts';

// Size and parser limits, and input no database can store.
let t: TestApp;
let ana: TestUser;
let album: { albumId: string; trackId: string };

beforeAll(async () => {
  t = await createTestApp({ env: SUITE_ENV });
  ana = await createUser(t);
  await makeAdmin(t, ana);
  album = await seededAlbum(t);
});

afterAll(async () => {
  await t.close();
});

const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Every JSON write the app has, Better Auth's included, with the user's session. */
function writeRoutes(): { method: string; path: string }[] {
  const own = ownApiRoutes(t)
    .filter((r) => MUTATING_METHODS.has(r.method))
    .map((r) => ({ method: r.method, path: fillPath(r.url, { albumId: album.albumId, trackId: album.trackId }) }));
  const auth = [
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    '/api/auth/request-password-reset',
    '/api/auth/reset-password',
    '/api/auth/update-user',
    '/api/auth/change-password',
    '/api/auth/change-email',
    '/api/auth/revoke-session',
  ].map((path) => ({ method: 'POST', path }));
  return [...own, ...auth];
}

describe('body size', () => {
  it('answers a body over 1 MB with 413, signed in or not', async () => {
    const body = JSON.stringify({ title: 'big', content: 'x'.repeat(1024 * 1024 + 10) });
    for (const [path, cookie] of [
      ['/api/posts', ana.cookie],
      ['/api/posts', undefined],
      ['/api/auth/sign-in/email', undefined],
    ] as const) {
      const res = await send(t, 'POST', path, { body, contentType: 'application/json', cookie, ip: nextIp() });
      expect(res.status, path).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('refuses a 100 kB display name and a 100 kB note with 400, and a 1 MB note with 413', async () => {
    const name = 'n'.repeat(100_000);
    const profile = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      body: { displayName: name },
      cookie: ana.cookie,
    });
    expect(profile.status).toBe(400);
    const signUp = await call(t, '/api/auth/sign-up/email', {
      body: { name, email: 'long@example.com', password: 'long enough pw' },
      ip: nextIp(),
    });
    expect(signUp.status).toBe(400);
    const note = await call(t, '/api/posts', {
      body: { title: 'long', content: 'c'.repeat(100_000) },
      cookie: ana.cookie,
    });
    expect(note.status).toBe(400);
    const hugeNote = await call(t, '/api/posts', {
      body: { title: 'long', content: 'c'.repeat(1024 * 1024) },
      cookie: ana.cookie,
    });
    expect(hugeNote.status).toBe(413);
  });
});

describe('nesting', () => {
  it.each(['/api/auth/sign-in/email', '/api/posts', '/api/users/me/profile'])(
    'answers JSON nested 10,000 deep on %s with 400 before parsing it',
    async (path) => {
      for (const body of [deepJson(10_000), deepObject(10_000), `{"email":${deepJson(10_000)}}`]) {
        const res = await send(t, path === '/api/users/me/profile' ? 'PUT' : 'POST', path, {
          body,
          contentType: 'application/json',
          cookie: ana.cookie,
          ip: nextIp(),
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
      }
    },
  );

  it('still parses ordinary nesting, and counts brackets inside strings as text', async () => {
    const shallow = await send(t, 'POST', '/api/posts', {
      body: JSON.stringify({ title: '['.repeat(90), content: '{'.repeat(1000) }),
      contentType: 'application/json',
      cookie: ana.cookie,
    });
    expect(shallow.status).toBe(201);
    const atLimit = await send(t, 'POST', '/api/posts', {
      body: `{"title":"t","content":"c","x":${deepJson(MAX_JSON_DEPTH - 1)}}`,
      contentType: 'application/json',
      cookie: ana.cookie,
    });
    expect(atLimit.status).toBe(201);
  });
});

describe('NUL characters', () => {
  it('answers NUL in a path parameter with 400 on every route that has one', async () => {
    const paths = [
      '/api/profiles/a%00b',
      '/api/music/albums/x%00',
      `/api/albums/x%00/community`,
      ...ownApiRoutes(t)
        .filter((r) => r.url.includes(':') || r.url.endsWith('*'))
        .map((r) => ({ method: r.method, path: fillPath(r.url, {}, 'x%00') })),
    ].map((p) => (typeof p === 'string' ? { method: 'GET', path: p } : p));
    for (const { method, path } of paths) {
      const res = await send(t, method, path, {
        cookie: ana.cookie,
        body: MUTATING_METHODS.has(method) ? '{}' : undefined,
        contentType: MUTATING_METHODS.has(method) ? 'application/json' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.message).toBe(NUL_MESSAGE);
    }
  });

  it('answers NUL in the query string with 400', async () => {
    for (const path of [
      '/api/music/search?q=a%00',
      '/api/users/search?q=a%00',
      '/api/music/search?q=a&type=album%00',
      `/api/users/${ana.id}/posts?cursor=%00`,
      '/api/auth/get-session?x=%00',
    ]) {
      const res = await send(t, 'GET', path, { cookie: ana.cookie });
      expect(res.status, path).toBe(400);
      expect(res.body.error.message).toBe(NUL_MESSAGE);
    }
  });

  it('answers NUL in any string of a JSON body with 400 on every write route, and writes nothing', async () => {
    const nul = 'a\u0000b';
    const bodies = [
      {
        title: nul,
        content: nul,
        albumId: nul,
        review: nul,
        displayName: nul,
        bio: nul,
        name: nul,
        email: `x${nul}@example.com`,
        password: nul,
        newPassword: nul,
        currentPassword: nul,
        token: nul,
        spotifyUrl: nul,
        url: nul,
        description: nul,
        confirm: nul,
        rating: 6,
      },
      { title: 'ok', content: 'ok', nested: { deeper: [1, 'x', { y: nul }] } },
      { [`key${nul}`]: 'value' },
    ];
    const postsBefore = await t.database.handle.db.selectFrom('posts').select('id').execute();
    for (const { method, path } of writeRoutes()) {
      for (const body of bodies) {
        const res = await send(t, method, path, {
          body: JSON.stringify(body),
          contentType: 'application/json',
          cookie: ana.cookie,
          ip: nextIp(),
        });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error.message).toBe(NUL_MESSAGE);
      }
    }
    expect(await t.database.handle.db.selectFrom('posts').select('id').execute()).toEqual(postsBefore);
  });
});

describe('malformed bodies', () => {
  it('answers malformed JSON with 400 on every write route', async () => {
    for (const { method, path } of writeRoutes()) {
      for (const body of ['{"title":', '{title: 1}', "{'a':1}", '[1,,2]', '\u0000', '{"a":1}}']) {
        const res = await send(t, method, path, {
          body,
          contentType: 'application/json',
          cookie: ana.cookie,
          ip: nextIp(),
        });
        expect(res.status, `${method} ${path} ${body}`).toBe(400);
        expect(res.body.error.code).toBe('BAD_REQUEST');
      }
    }
  });

  it('answers arrays, numbers, strings and null where an object is expected with 400', async () => {
    const bodyRoutes = [
      ['POST', '/api/posts'],
      ['PUT', '/api/users/me/profile'],
      ['POST', '/api/users/me/collection'],
      ['PUT', `/api/users/me/collection/${album.albumId}/rating`],
      ['POST', '/api/users/me/ratelater'],
      ['PUT', `/api/albums/${album.albumId}/tracks/${album.trackId}/rating`],
      ['POST', '/api/admin/featured-playlists'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/request-password-reset'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/change-password'],
    ] as const;
    const answered: string[] = [];
    for (const [method, path] of bodyRoutes) {
      for (const body of ['[]', '[{"title":"a","content":"b"}]', '42', '"text"', 'null', 'true']) {
        const res = await send(t, method, path, {
          body,
          contentType: 'application/json',
          cookie: ana.cookie,
          ip: nextIp(),
        });
        if (res.status !== 400) answered.push(`${method} ${path} ${body} → ${res.status}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('refuses prototype keys in a body with 400', async () => {
    for (const body of ['{"__proto__":{"role":"admin"}}', '{"constructor":{"prototype":{"role":"admin"}}}']) {
      const res = await send(t, 'PUT', '/api/users/me/profile', {
        body,
        contentType: 'application/json',
        cookie: ana.cookie,
      });
      expect(res.status).toBe(400);
    }
  });
});
