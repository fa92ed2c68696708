import type { AppConfig } from '../../../config/env.ts';
import type { DatabaseHandle } from '../../../db/database.ts';
import { type FileStore, fileUrl } from '../../../lib/file-store/index.ts';
import { squareWebp } from '../../../lib/square-image.ts';
import { findAlbumIdsByExternalId, findAlbumInput, findAlbumSummaries, findTracks } from '../catalog.repository.ts';
import type { CatalogAlbumInput, SummaryRow } from '../catalog.rows.ts';
import type { ExternalCatalog } from '../catalog.service.ts';
import { saveAlbums } from '../catalog-writes.repository.ts';
import { CoverArtClient, MusicBrainzClient } from './musicbrainz.client.ts';
import { isAlbumLike, releaseGroupToAlbum, releaseTracks, representativeRelease } from './musicbrainz.mapping.ts';

/** What the service logs through: the app's pino logger, or the CLI's. */
export interface WarnLog {
  warn(object: object, message: string): void;
}

/** A search waits for MusicBrainz this long at most (queue, attempts, back-off) and then answers locally. */
const SEARCH_BUDGET_MS = 4000;
/** A search that would queue longer than this behind other searches skips MusicBrainz. */
const SEARCH_MAX_QUEUE_MS = 2000;
/** A query asked recently is not asked again: typing "dark side" must not queue ten requests. */
const RECENT_QUERY_MS = 10 * 60_000;
const RECENT_QUERY_MAX = 1000;
/** An album page waits this long at most for its tracks. */
const COMPLETE_BUDGET_MS = 8000;
const COVER_SIZE = 500;

/** Lucene's special characters, escaped so a title like "AC/DC: Back in Black" is a plain query. */
export function luceneEscape(text: string): string {
  return text.replace(/[+\-&|!(){}[\]^"~*?:\\/]/g, '\\$&');
}

export interface MusicBrainzCatalogOptions {
  database: DatabaseHandle;
  files: FileStore;
  client: MusicBrainzClient;
  covers: CoverArtClient;
  log: WarnLog;
}

/** MusicBrainz behind our catalogue: search-through, stubs completed on first view, imports. */
export class MusicBrainzCatalog implements ExternalCatalog {
  private readonly recent = new Map<string, number>();
  private readonly completing = new Map<string, Promise<boolean>>();

  constructor(private readonly options: MusicBrainzCatalogOptions) {}

  get client(): MusicBrainzClient {
    return this.options.client;
  }

  get database(): DatabaseHandle {
    return this.options.database;
  }

  async searchThrough(q: string, by: 'album' | 'artist', limit: number): Promise<SummaryRow[]> {
    const { client, log } = this.options;
    const words = q.trim().replace(/\s+/g, ' ').toLowerCase();
    const key = `${by}:${words}`;
    const now = Date.now();
    if (words.length < 2 || client.open || (this.recent.get(key) ?? 0) > now - RECENT_QUERY_MS) return [];
    try {
      const query = by === 'artist' ? `artist:(${luceneEscape(words)})` : luceneEscape(words);
      const answer = await client.searchReleaseGroups(query, limit, {
        signal: AbortSignal.timeout(SEARCH_BUDGET_MS),
        maxQueueMs: SEARCH_MAX_QUEUE_MS,
      });
      this.remember(key, now);
      const albums = (answer['release-groups'] ?? []).filter(isAlbumLike).map(releaseGroupToAlbum);
      return await this.storeStubs(albums);
    } catch (error) {
      log.warn({ err: error, q, by }, 'MusicBrainz search-through failed; answering from the local catalogue');
      return [];
    }
  }

  /** Stores the albums not known yet by MBID, without tracks; answers every album's summary. */
  async storeStubs(albums: CatalogAlbumInput[]): Promise<SummaryRow[]> {
    const { db, dialect } = this.options.database;
    const known = await findAlbumIdsByExternalId(
      db,
      'musicbrainz',
      albums.map((a) => a.externalId ?? ''),
    );
    const fresh = albums.filter((a) => !known.has(a.externalId ?? ''));
    if (fresh.length > 0) await db.transaction().execute((trx) => saveAlbums(trx, dialect, fresh, { mode: 'skip' }));
    const ids = albums.map((a) => known.get(a.externalId ?? '') ?? a.id);
    return findAlbumSummaries(db, [...new Set(ids)]);
  }

  /** Concurrent first views of one album share a single fetch. */
  complete(albumId: string): Promise<boolean> {
    const running = this.completing.get(albumId);
    if (running) return running;
    const task = this.fetchAndStore(albumId).finally(() => this.completing.delete(albumId));
    this.completing.set(albumId, task);
    return task;
  }

  private async fetchAndStore(albumId: string): Promise<boolean> {
    const { database, log } = this.options;
    const album = await findAlbumInput(database.db, albumId);
    if (album?.source !== 'musicbrainz' || !album.externalId) return false;
    try {
      return await this.importReleaseGroup(album, { signal: AbortSignal.timeout(COMPLETE_BUDGET_MS) });
    } catch (error) {
      log.warn({ err: error, albumId }, 'MusicBrainz track list unavailable; album shown without tracks');
      return false;
    }
  }

  /**
   * Fetches the representative release's tracks and the cover, then stores both in one
   * transaction: all network I/O and image work happen before it opens. Throws when the track
   * list cannot be fetched; a missing cover only leaves the generated one.
   */
  async importReleaseGroup(album: CatalogAlbumInput, options: { signal?: AbortSignal } = {}): Promise<boolean> {
    const { client, database, log } = this.options;
    const mbid = album.externalId ?? '';
    const [answer, cover] = await Promise.all([
      client.releases(mbid, { signal: options.signal }),
      this.fetchCover(album.id, mbid).catch((error: unknown) => {
        log.warn({ err: error, albumId: album.id }, 'Cover Art Archive image unavailable; keeping the generated cover');
        return undefined;
      }),
    ]);
    const release = representativeRelease(answer.releases ?? []);
    const tracks = release ? releaseTracks(release) : [];
    if (tracks.length === 0 && cover === undefined) return false;
    const { db, dialect } = database;
    await db.transaction().execute((trx) =>
      saveAlbums(
        trx,
        dialect,
        [
          {
            ...album,
            // undefined keeps the stored cover.
            coverUrl: cover,
            tracks: tracks.map(({ title, durationMs }) => ({ title, durationMs })),
          },
        ],
        { mode: 'update' },
      ),
    );
    return true;
  }

  /**
   * The release group's front image as a 500×500 WebP in the file store: its same-origin URL, or
   * undefined when the archive has none. Throws when the archive cannot be asked.
   */
  async fetchCover(albumId: string, mbid: string, options: { signal?: AbortSignal } = {}): Promise<string | undefined> {
    const bytes = await this.options.covers.front500(mbid, options);
    if (!bytes) return undefined;
    // Downloaded bytes are as untrusted as an upload: the same checks, the same queue.
    const { data, hash } = await squareWebp(bytes, { size: COVER_SIZE, quality: 82 });
    const key = `covers/${albumId}-${hash.slice(0, 16)}.webp`;
    await this.options.files.put(key, data);
    return fileUrl(key);
  }

  /**
   * Imports (or completes) one album with its tracks and cover. Idempotent: an album that already
   * has tracks is left as it is.
   */
  async importAlbum(album: CatalogAlbumInput): Promise<'imported' | 'present' | 'empty'> {
    const { db } = this.options.database;
    const mbid = album.externalId ?? '';
    const existing = (await findAlbumIdsByExternalId(db, 'musicbrainz', [mbid])).get(mbid);
    if (existing && (await findTracks(db, existing)).length > 0) return 'present';
    const stored = existing ? await findAlbumInput(db, existing) : undefined;
    if (!existing) await this.storeStubs([album]);
    const written = await this.importReleaseGroup({ ...(stored ?? album), coverUrl: undefined });
    return written ? 'imported' : 'empty';
  }

  private remember(key: string, at: number): void {
    if (this.recent.size >= RECENT_QUERY_MAX) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    this.recent.set(key, at);
  }
}

/** The production wiring: one client (one rate limit, one breaker) per process. */
export function createMusicBrainzCatalog(
  config: Pick<AppConfig, 'musicbrainz' | 'publicUrl'>,
  deps: { database: DatabaseHandle; files: FileStore; log: WarnLog },
): MusicBrainzCatalog {
  const contact = config.publicUrl;
  return new MusicBrainzCatalog({
    ...deps,
    client: new MusicBrainzClient({ baseUrl: config.musicbrainz.url, contact }),
    covers: new CoverArtClient({ baseUrl: config.musicbrainz.coverArtUrl, contact }),
  });
}
