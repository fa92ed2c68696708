import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CACHE_CONTROL } from '../../lib/cacheable.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser } from '../../test/users.ts';

/** Public catalogue answers come from the read cache, with ETags, and a rating refreshes them. */
let t: TestApp;
const ALBUM = 'miles-davis-kind-of-blue';

beforeAll(async () => {
  // One listener charts here, so one person's rating moves the top list this suite watches.
  t = await createTestApp({ env: { CHART_MIN_LISTENERS: '1' } });
});
afterAll(async () => t.close());

const raw = (path: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${path}`, { headers });

/** The bytes as sent (fetch would decompress them). */
function bytesOf(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${t.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('cached catalogue reads', () => {
  for (const path of [
    `/api/music/albums/${ALBUM}`,
    '/api/music/top-albums',
    '/api/music/top-songs',
    '/api/music/new-releases',
    '/api/music/search?q=kind%20of%20blue',
  ]) {
    it(`${path}: an ETag, then 304 without a body for a client that has it`, async () => {
      const first = await raw(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await first.text();
      expect(() => JSON.parse(body)).not.toThrow();

      const again = await raw(path, { 'if-none-match': `W/"other", ${etag}` });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);

      const changed = await raw(path, { 'if-none-match': '"not-this-one"' });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(body);
    });
  }

  it('compresses once for clients that accept it, with the same JSON inside', async () => {
    const path = '/api/music/top-albums';
    const plain = await (await raw(path)).text();
    const br = await bytesOf(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain);
    const gzip = await bytesOf(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(plain);
    const none = await bytesOf(path, {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(plain);
  });

  it('shows a new rating at once: the album, the top lists and searches are refreshed by the write', async () => {
    const before = await call(t, `/api/music/albums/${ALBUM}`);
    const cardIn = async (q: string) =>
      (await call(t, `/api/music/search?q=${encodeURIComponent(q)}`)).body.albums.find(
        (album: { id: string }) => album.id === ALBUM,
      );
    const cardBefore = await cardIn('kind of blue');
    const topBefore = await raw('/api/music/top-albums');
    const tag = topBefore.headers.get('etag') ?? '';
    await topBefore.arrayBuffer();
    const leader = (await call(t, '/api/music/top-albums')).body[0].id;
    expect(leader).not.toBe(ALBUM);
    const ana = await createUser(t);
    const rate = async (albumId: string, rating: number) => {
      const album = await call(t, `/api/music/albums/${albumId}`);
      const res = await call(t, `/api/albums/${albumId}/tracks/${album.body.tracks[0].id}/rating`, {
        method: 'PUT',
        body: { rating },
        cookie: ana.cookie,
      });
      expect(res.status).toBe(200);
    };
    // 5 stars here and 1 for the leader: this album is now above the mean, the leader below it.
    await rate(ALBUM, 10);
    await rate(leader, 2);

    const after = await call(t, `/api/music/albums/${ALBUM}`);
    expect(after.body.community.ratingsCount).toBe(before.body.community.ratingsCount + 1);
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    expect((await cardIn('kind of blue')).listeners.count).toBe(cardBefore.listeners.count + 1);
    const topAfter = await raw('/api/music/top-albums', { 'if-none-match': tag });
    expect(topAfter.status).toBe(200);
    expect(((await topAfter.json()) as { id: string }[])[0]?.id).toBe(ALBUM);
  });

  it('answers a search however it is typed from one entry: the folded words', async () => {
    const first = await raw('/api/music/search?q=bjork&type=artist');
    const etag = first.headers.get('etag') ?? '';
    const body = await first.text();
    const other = await raw(`/api/music/search?q=${encodeURIComponent('  BJÖRK ')}&type=artist`);
    expect(other.headers.get('etag')).toBe(etag);
    expect(await other.text()).toBe(body);
    // Another type or page is another answer.
    const songs = await raw('/api/music/search?q=bjork&type=track');
    expect(songs.headers.get('etag')).not.toBe(etag);
    expect(((await songs.json()) as { tracks: unknown[] }).tracks.length).toBeGreaterThan(0);
  });

  it('keeps no refusal: an unknown album is looked up each time and answers 404', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(t, '/api/music/albums/no-such-album');
      expect(res.status).toBe(404);
      expect(res.response.headers.get('etag')).toBeNull();
    }
  });
});
