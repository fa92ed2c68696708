import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredEncoding } from './cacheable.ts';
import { ReadCache } from './read-cache.ts';

function deferred() {
  let resolve!: (body: string) => void;
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('ReadCache', () => {
  it('computes a key once for concurrent callers and serves it again', async () => {
    const cache = new ReadCache();
    let calls = 0;
    const produce = async () => `{"n":${++calls}}`;
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    expect(a.bytes.toString()).toBe('{"n":1}');
    expect(b).toBe(a);
    expect((await cache.get('k', produce)).bytes.toString()).toBe('{"n":1}');
    expect(calls).toBe(1);
  });

  it('does not keep an answer whose key was invalidated while it was being computed', async () => {
    const cache = new ReadCache();
    const slow = deferred();
    const first = cache.get('album:a', () => slow.promise);
    cache.invalidate('album:a'); // a write lands while the read is in flight
    slow.resolve('{"stale":true}');
    expect((await first).bytes.toString()).toBe('{"stale":true}');
    expect((await cache.get('album:a', async () => '{"fresh":true}')).bytes.toString()).toBe('{"fresh":true}');
  });

  it('forgets a family of keys by a key ending in *, cached or being computed, and nothing else', async () => {
    const cache = new ReadCache();
    await cache.get('chart:albums:', async () => '{"page":1}');
    await cache.get('chart:songs:year=1997', async () => '{"page":1}');
    await cache.get('album:a', async () => '{"album":1}');
    const slow = deferred();
    const computing = cache.get('chart:albums:genre=rock', () => slow.promise);
    cache.invalidate('chart:*');
    slow.resolve('{"stale":true}');
    await computing;
    const again = async (key: string) => (await cache.get(key, async () => '{"fresh":true}')).bytes.toString();
    expect(await again('chart:albums:')).toBe('{"fresh":true}');
    expect(await again('chart:songs:year=1997')).toBe('{"fresh":true}');
    expect(await again('chart:albums:genre=rock')).toBe('{"fresh":true}');
    expect(await again('album:a')).toBe('{"album":1}');
  });

  it('forgets part of a family, or keys of several families, by the prefix they start with', async () => {
    const cache = new ReadCache();
    for (const key of ['chart:albums:', 'chart:albums:genre=rock', 'chart:songs:', 'top-albums', 'top-songs', 'genres'])
      await cache.get(key, async () => `"${key}"`);
    cache.invalidate('chart:albums:*');
    expect(cache.size).toBe(4);
    cache.invalidate('top-*');
    expect(cache.size).toBe(2);
    const kept = async (key: string) => (await cache.get(key, async () => '"recomputed"')).bytes.toString();
    expect(await kept('chart:songs:')).toBe('"chart:songs:"');
    expect(await kept('genres')).toBe('"genres"');
    expect(await kept('chart:albums:')).toBe('"recomputed"');
    cache.invalidate('chart:*');
    cache.invalidate('chart:*');
    expect(cache.size).toBe(1);
    expect(await kept('genres')).toBe('"genres"');
  });

  it('forgets entries after the TTL and beyond the size bound, least recently used first', async () => {
    let now = 0;
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'unused'); // a is now the most recently used
    await cache.get('c', async () => 'c1'); // b goes
    expect(cache.size).toBe(2);
    expect((await cache.get('b', async () => 'b2')).bytes.toString()).toBe('b2');
    now = 1500;
    expect((await cache.get('b', async () => 'b3')).bytes.toString()).toBe('b3');
  });

  it('stays within its byte bound however many distinct keys a visitor asks for', async () => {
    const cache = new ReadCache({ maxBytes: 10_000 });
    for (let i = 0; i < 1000; i++) await cache.get(`new-releases:${i}`, async () => 'x'.repeat(1000));
    expect(cache.size).toBe(10);
    // The newest stay; the oldest went first.
    expect((await cache.get('new-releases:999', async () => 'recomputed')).bytes.toString()).toBe('x'.repeat(1000));
    expect((await cache.get('new-releases:0', async () => 'recomputed')).bytes.toString()).toBe('recomputed');
  });

  it('tells other instances of each invalidation and applies theirs without telling them back', async () => {
    const here = new ReadCache();
    const there = new ReadCache();
    const sent: Array<string[] | null> = [];
    here.broadcast((keys) => sent.push(keys));
    const applyThere = there.broadcast(() => {
      throw new Error('an applied message must not be sent again');
    });
    await there.get('album:a', async () => '{"v":1}');
    await there.get('top-albums', async () => '{"v":1}');

    here.invalidate('album:a');
    expect(sent).toEqual([['album:a']]);
    applyThere(sent[0] ?? null);
    expect((await there.get('album:a', async () => '{"v":2}')).bytes.toString()).toBe('{"v":2}');
    expect((await there.get('top-albums', async () => '{"v":2}')).bytes.toString()).toBe('{"v":1}');

    here.clear();
    expect(sent[1]).toBeNull();
    applyThere(null);
    expect((await there.get('top-albums', async () => '{"v":3}')).bytes.toString()).toBe('{"v":3}');
  });

  it('keeps no failure: the next caller computes again', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.get('k', async () => 'ok')).bytes.toString()).toBe('ok');
  });

  it('gives each body a strong ETag and compresses it once', async () => {
    const cache = new ReadCache();
    const entry = await cache.get('k', async () => JSON.stringify({ tracks: 'x'.repeat(5000) }));
    expect(entry.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await cache.get('other', async () => entry.bytes.toString())).etag).toBe(entry.etag);
    const gzip = entry.encoded('gzip');
    expect(entry.encoded('gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString()).toBe(entry.bytes.toString());
  });
});

describe('conditional and compressed answers', () => {
  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip;q=0')).toBeNull();
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
