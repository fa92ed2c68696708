import {
  type AlbumDetail,
  type AlbumSummary,
  formatDuration,
  type NewReleasesQuery,
  type NewReleasesResult,
  type SearchMusicQuery,
  type SearchMusicResult,
  type Song,
  TOP_ALBUMS_COUNT,
  TOP_SONGS_COUNT,
} from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import {
  findAlbum,
  findAlbumForCover,
  findTracks,
  listNewReleases,
  type RatingTotals,
  ratingTotals,
  type SummaryRow,
  searchAlbums,
  searchTracks,
  toAlbumSummary,
  topAlbums,
  topSongs,
  toSong,
} from './catalog.repository.ts';
import { type Cover, renderCover } from './cover.ts';

export const ALBUM_NOT_FOUND = 'Album not found';

/** Longer ids never exist; answering them as unknown spares the database the lookup. */
const ID_MAX = 200;

/** Stars from half-star totals: the mean of the ratings on the 0.5–5 scale, one decimal. */
export function averageStars(count: number, sum: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count / 2) * 10) / 10;
}

/** How long a computed top list may be served again while the rating totals have not moved. */
const TOP_LIST_TTL_MS = 10_000;

interface TopList<T> {
  totals: RatingTotals;
  at: number;
  value: Promise<T[]>;
}

function sameTotals(a: RatingTotals, b: RatingTotals): boolean {
  return a.count === b.count && a.sum === b.sum;
}

/**
 * A catalogue outside ours that searches fall through to when ours has too little (the
 * musicbrainz module, when MUSICBRAINZ is on). Neither method throws: an outage means no extras.
 */
export interface ExternalCatalog {
  /** Matches for the query, stored as albums if new; empty when the source is unavailable. */
  searchThrough(q: string, by: 'album' | 'artist', limit: number): Promise<SummaryRow[]>;
  /** Fetches and stores a stub album's tracks (and cover); true when something was stored. */
  complete(albumId: string): Promise<boolean>;
}

export class CatalogService {
  /**
   * The home page asks for the top lists on every visit. Each instance keeps its last answer for a
   * few seconds and only while the rating totals (one cheap query) are unchanged, so a new rating
   * shows at once; responses are public for a minute anyway.
   */
  private topAlbumsCache: TopList<AlbumSummary> | undefined;
  private topSongsCache: TopList<Song> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly external?: ExternalCatalog,
  ) {}

  async album(id: string): Promise<AlbumDetail> {
    const db = this.database.db;
    if (id.length > ID_MAX) throw notFound(ALBUM_NOT_FOUND);
    let [album, tracks] = await Promise.all([findAlbum(db, id), findTracks(db, id)]);
    if (!album) throw notFound(ALBUM_NOT_FOUND);
    // A stub from a search-through gets its tracks on its first view.
    if (tracks.length === 0 && this.external && (await this.external.complete(id))) {
      [album, tracks] = await Promise.all([findAlbum(db, id), findTracks(db, id)]);
      if (!album) throw notFound(ALBUM_NOT_FOUND);
    }
    const count = album.ratings_count ?? 0;
    return {
      ...toAlbumSummary(album),
      tracks: tracks.map((track) => ({
        id: track.id,
        name: track.title,
        position: track.position,
        duration_formatted: track.duration_ms === null ? '' : formatDuration(track.duration_ms),
        durationMs: track.duration_ms,
      })),
      community: { ratingsCount: count, average: averageStars(count, album.ratings_sum ?? 0) },
    };
  }

  async newReleases(query: NewReleasesQuery): Promise<NewReleasesResult> {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await listNewReleases(this.database.db, { ...query, today });
    return { albums: rows.map(toAlbumSummary) };
  }

  async search(query: SearchMusicQuery): Promise<SearchMusicResult> {
    const { db, dialect } = this.database;
    const page = { limit: query.limit, offset: query.offset };
    if (query.type === 'track') {
      const { rows, total } = await searchTracks(db, dialect, query.q, page);
      return { tracks: rows.map(toSong), total };
    }
    const { rows, total } = await searchAlbums(db, dialect, query.q, query.type, page);
    if (!this.external || query.offset > 0 || rows.length >= query.limit) {
      return { albums: rows.map(toAlbumSummary), total };
    }
    const seen = new Set(rows.map((row) => row.id));
    const extra = (await this.external.searchThrough(query.q, query.type, query.limit)).filter(
      (row) => !seen.has(row.id) && seen.add(row.id),
    );
    const merged = [...rows, ...extra].slice(0, query.limit);
    return { albums: merged.map(toAlbumSummary), total: total + merged.length - rows.length };
  }

  async topAlbums(): Promise<AlbumSummary[]> {
    const db = this.database.db;
    const totals = await ratingTotals(db, 'album_stats');
    const cached = this.topAlbumsCache;
    if (cached && sameTotals(cached.totals, totals) && Date.now() - cached.at < TOP_LIST_TTL_MS) return cached.value;
    const value = topAlbums(db, TOP_ALBUMS_COUNT, totals).then((rows) => rows.map(toAlbumSummary));
    this.topAlbumsCache = { totals, at: Date.now(), value };
    value.catch(() => {
      if (this.topAlbumsCache?.value === value) this.topAlbumsCache = undefined;
    });
    return value;
  }

  async topSongs(): Promise<Song[]> {
    const db = this.database.db;
    const totals = await ratingTotals(db, 'track_stats');
    const cached = this.topSongsCache;
    if (cached && sameTotals(cached.totals, totals) && Date.now() - cached.at < TOP_LIST_TTL_MS) return cached.value;
    const value = topSongs(db, TOP_SONGS_COUNT, totals).then((rows) => rows.map(toSong));
    this.topSongsCache = { totals, at: Date.now(), value };
    value.catch(() => {
      if (this.topSongsCache?.value === value) this.topSongsCache = undefined;
    });
    return value;
  }

  async cover(albumId: string): Promise<Cover> {
    if (albumId.length > ID_MAX) throw notFound(ALBUM_NOT_FOUND);
    const album = await findAlbumForCover(this.database.db, albumId);
    if (!album) throw notFound(ALBUM_NOT_FOUND);
    return renderCover({ id: album.id, title: album.title, artistName: album.artist_name });
  }
}
