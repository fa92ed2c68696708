import createClient from 'openapi-fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import type { paths } from '../test/openapi-types.generated.ts';
import { createUser, nextIp, type TestUser } from '../test/users.ts';

/**
 * The API document is usable by other tools (ADR 44): a client typed only by what
 * openapi-typescript generated from /api/openapi.json (`npm run lint:api` keeps that file current)
 * makes real calls here. `npm run typecheck` compiles them, so a path, parameter, body or answer
 * the document gets wrong fails there; this suite checks the answers match at run time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A browser-like client: this site's origin (writes are refused from others) and its own address. */
const clientFor = (who?: TestUser) =>
  createClient<paths>({
    baseUrl: t.baseUrl,
    headers: {
      origin: t.baseUrl,
      'x-forwarded-for': who?.ip ?? nextIp(),
      ...(who ? { cookie: who.cookie } : {}),
    },
  });

describe('a client generated from /api/openapi.json', () => {
  it('reads an album by id', async () => {
    const { data, error, response } = await clientFor().GET('/api/music/albums/{id}', {
      params: { path: { id: 'miles-davis-kind-of-blue' } },
    });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expectTypeOf(data?.name).toEqualTypeOf<string | undefined>();
    expect(data).toMatchObject({ name: 'Kind of Blue', artistName: 'Miles Davis' });
    expect(data?.tracks.length).toBeGreaterThan(0);
  });

  it('writes a note signed in, then reads it on the author’s posts', async () => {
    const ana = await createUser(t);
    const api = clientFor(ana);
    const created = await api.POST('/api/posts', { body: { title: 'Typed', content: 'From a generated client' } });
    expect(created.response.status).toBe(201);
    expectTypeOf(created.data?.type).toEqualTypeOf<'note' | 'review' | undefined>();
    expect(created.data).toMatchObject({ userId: ana.id, type: 'note', title: 'Typed' });

    const { data } = await clientFor().GET('/api/users/{userId}/posts', {
      params: { path: { userId: ana.id }, query: { type: 'note', limit: 10 } },
    });
    expect(data?.posts.map((post) => post.id)).toEqual([created.data?.id]);
    expectTypeOf(data?.nextCursor).toEqualTypeOf<string | null | undefined>();
  });

  it('uploads a profile picture as the documented multipart form', async () => {
    const ana = await createUser(t);
    const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c8285a' } })
      .png()
      .toBuffer();
    const { data, response } = await clientFor(ana).POST('/api/users/me/profile/picture', {
      // openapi-typescript types a binary part as a string (its file name here); the serializer sends the bytes.
      body: { picture: 'me.png' },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('picture', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), body.picture);
        return form;
      },
    });
    expect(response.status).toBe(200);
    expect(data?.pictureUrl).toMatch(/^\/api\/files\/avatars\/.+\.webp$/);

    const file = await clientFor().GET('/api/files/{path}', {
      params: { path: { path: data?.pictureUrl?.replace('/api/files/', '') ?? '' } },
      parseAs: 'arrayBuffer',
    });
    expect(file.response.headers.get('content-type')).toBe('image/webp');
  });

  it('answers a refusal in the documented error shape', async () => {
    const { error, response } = await clientFor().POST('/api/posts', { body: { title: 'Signed out', content: 'no' } });
    expect(response.status).toBe(401);
    expect(error?.error.code).toBe('UNAUTHORIZED');
  });

  it('does not compile a call the document does not allow', () => {
    const api = clientFor();
    const wrongCalls = () => {
      // @ts-expect-error: a note needs its content
      void api.POST('/api/posts', { body: { title: 'No content' } });
      // @ts-expect-error: the album's id is a path parameter, not a query
      void api.GET('/api/music/albums/{id}', { params: { query: { id: 'x' } } });
      // @ts-expect-error: there is no such route
      void api.GET('/api/music/album');
    };
    expectTypeOf(wrongCalls).toBeFunction();
  });
});
