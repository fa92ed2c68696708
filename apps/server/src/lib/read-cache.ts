import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One serialised answer, with what it takes to answer again without the database. */
export interface CachedBody {
  /**
   * The JSON text as the route's serializer wrote it, in UTF-8 once: sending text makes Node encode
   * it again for every client, which was a third of a cached 25 KB answer's time (top albums,
   * `npm run bench:profile`).
   */
  readonly bytes: Buffer;
  /** A strong validator of `bytes`, quoted, for ETag and If-None-Match. */
  readonly etag: string;
  /** Compressed once, on first demand, for every later client that accepts it. */
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

interface Entry extends CachedBody {
  storedAt: number;
}

export interface ReadCacheOptions {
  /** Least recently used entries go first beyond this many… */
  maxEntries?: number;
  /**
   * …or beyond this many bytes of JSON: keys come from visitors' query strings (new releases), so
   * a flood of distinct ones must not grow memory past this.
   */
  maxBytes?: number;
  /**
   * How long an entry may be served. Writes invalidate their entries at once, on every instance
   * when Redis carries the news (broadcast); the TTL bounds how long a write stays unseen when it
   * does not (no Redis, Redis down, the CLI).
   */
  ttlMs?: number;
  now?: () => number;
}

function cachedBody(body: string, storedAt: number): Entry {
  const encodings: Partial<Record<'br' | 'gzip', Buffer>> = {};
  const bytes = Buffer.from(body);
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return {
    bytes,
    etag,
    storedAt,
    encoded(encoding) {
      let buffer = encodings[encoding];
      if (!buffer) {
        buffer =
          encoding === 'br'
            ? brotliCompressSync(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 6,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              })
            : gzipSync(bytes, { level: 6 });
        encodings[encoding] = buffer;
      }
      return buffer;
    },
  };
}

/**
 * Serialised answers of the reads that are the same for every visitor (an album, the top lists,
 * new releases), so a repeat costs neither a query nor a serialisation. Concurrent
 * misses of one key share one computation. A key invalidated while its answer is being computed
 * does not store that answer: it may predate the write.
 */
/**
 * A key's family: what precedes its first ':' and the colon ('chart:' for 'chart:albums:…'), or
 * the whole key. A rating forgets whole families ('chart:*', 'search:*', …): kept by family, the
 * keys to forget are found without reading every entry (5,000 of them, several families, on
 * every rating).
 */
function familyOf(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon + 1);
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly families = new Map<string, Set<string>>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: ReadCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxBytes = options.maxBytes ?? 32 * 2 ** 20;
    this.ttlMs = options.ttlMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer for `key`, or `produce`'s, stored unless invalidated meanwhile. */
  get(key: string, produce: () => Promise<string>): Promise<CachedBody> {
    const entry = this.entries.get(key);
    if (entry) {
      if (this.now() - entry.storedAt < this.ttlMs) {
        // Most recently used last: Map keeps insertion order.
        this.entries.delete(key);
        this.entries.set(key, entry);
        return Promise.resolve(entry);
      }
      this.forget(key);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const computing = produce().then((body) => cachedBody(body, this.now()));
    this.pending.set(key, computing);
    computing.then(
      (computed) => {
        if (this.pending.get(key) !== computing) return;
        this.pending.delete(key);
        this.forget(key);
        this.entries.set(key, computed);
        const family = familyOf(key);
        const members = this.families.get(family) ?? new Set<string>();
        members.add(key);
        this.families.set(family, members);
        this.bytes += computed.bytes.length;
        while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
          this.forget(this.entries.keys().next().value as string);
        }
      },
      () => {
        if (this.pending.get(key) === computing) this.pending.delete(key);
      },
    );
    return computing;
  }

  /** Forgets these keys (and any answer being computed for them), here and on the other instances. */
  invalidate(...keys: string[]): void {
    this.forgetKeys(keys);
    this.publish?.(keys);
  }

  /** Forgets everything, here and on the other instances. */
  clear(): void {
    this.forgetAll();
    this.publish?.(null);
  }

  /**
   * Tells the other instances about every invalidation (lib/cache-broadcast.ts), and hands back
   * what applies theirs here, without telling anyone again.
   */
  broadcast(publish: (keys: string[] | null) => void): (keys: string[] | null) => void {
    this.publish = publish;
    return (keys) => (keys ? this.forgetKeys(keys) : this.forgetAll());
  }

  private publish?: (keys: string[] | null) => void;

  /** A key ending in `*` forgets every key that starts with what precedes it (a family of pages). */
  private forgetKeys(keys: string[]): void {
    for (const key of keys) {
      if (key.endsWith('*')) {
        const prefix = key.slice(0, -1);
        // A prefix that names a family holds all its matches; one without a colon may span several.
        const candidates = prefix.includes(':') ? (this.families.get(familyOf(prefix)) ?? []) : this.entries.keys();
        for (const stored of [...candidates]) if (stored.startsWith(prefix)) this.forget(stored);
        for (const computing of [...this.pending.keys()])
          if (computing.startsWith(prefix)) this.pending.delete(computing);
        continue;
      }
      this.forget(key);
      this.pending.delete(key);
    }
  }

  private forgetAll(): void {
    this.entries.clear();
    this.families.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const family = familyOf(key);
    const members = this.families.get(family);
    members?.delete(key);
    if (members?.size === 0) this.families.delete(family);
    this.bytes -= entry.bytes.length;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The keys of the ReadCache, one place for the routes that fill it and the writes that empty it. */
export const readKeys = {
  album: (albumId: string) => `album:${albumId}`,
  topAlbums: 'top-albums',
  topSongs: 'top-songs',
  newReleases: (query: string) => `new-releases:${query}`,
  /** A page of a chart: the route's query string, as sent. */
  chart: (kind: 'albums' | 'songs', query: string) => `chart:${kind}:${query}`,
  /** A page of Discover's albums, whose order (by score) and cards follow ratings like a chart's. */
  browse: (query: string) => `chart:browse:${query}`,
  artist: (artistId: string) => `artist:${artistId}`,
  genres: 'genres',
  /** A page of a music search: type, page and the folded query. */
  search: (query: string) => `search:${query}`,
  /**
   * Everything a change to an album's ratings makes stale: every chart page, and every list whose
   * cards show listeners (new releases, artist pages, searches).
   */
  ratingsOf: (albumId: string) => [
    `album:${albumId}`,
    'top-albums',
    'top-songs',
    'chart:*',
    'new-releases:*',
    'artist:*',
    'search:*',
  ],
} as const;
