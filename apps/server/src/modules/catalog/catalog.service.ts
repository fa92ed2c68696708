import { type AlbumDetail, formatDuration, type NewReleasesQuery, type NewReleasesResult } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { communityRating } from '../../lib/community-rating.ts';
import { refusal } from '../../lib/errors.ts';
import {
  findAlbum,
  findAlbumForCover,
  findAlbumIdByMbid,
  findAlbumPage,
  findAlbumSummaries,
  listNewReleases,
} from './catalog.repository.ts';
import { type AlbumRow, albumType, listenersOf, type SummaryRow, toAlbumSummary } from './catalog.rows.ts';
import { type Cover, renderCover } from './cover.ts';

export const ALBUM_NOT_FOUND = 'Album not found';

/** Longer ids never exist; answering them as unknown spares the database the lookup. */
const ID_MAX = 200;

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
  constructor(
    private readonly database: DatabaseHandle,
    private readonly external?: ExternalCatalog,
  ) {}

  /** An album's stored row, or undefined: other modules check an album exists through this. */
  findAlbum(id: string): Promise<AlbumRow | undefined> {
    return findAlbum(this.database.db, id);
  }

  /** The album with this MusicBrainz release-group id, if the catalogue has it (imports match by it). */
  findAlbumIdByMbid(mbid: string): Promise<string | undefined> {
    return mbid.length > ID_MAX ? Promise.resolve(undefined) : findAlbumIdByMbid(this.database.db, mbid.toLowerCase());
  }

  /** Cards of these albums, in no particular order; unknown ids are left out. */
  summaries(ids: readonly string[]): Promise<SummaryRow[]> {
    return findAlbumSummaries(this.database.db, [...new Set(ids)]);
  }

  async album(id: string): Promise<AlbumDetail> {
    const db = this.database.db;
    if (id.length > ID_MAX) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
    const { dialect } = this.database;
    let page = await findAlbumPage(db, dialect, id);
    if (!page) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
    // A stub from a search-through gets its tracks on its first view.
    if (page.tracks.length === 0 && this.external && (await this.external.complete(id))) {
      page = await findAlbumPage(db, dialect, id);
      if (!page) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
    }
    const { album, tracks, genres } = page;
    return {
      ...toAlbumSummary(album),
      artistId: album.artist_id,
      type: albumType(album.primary_type),
      genres,
      trackCount: album.track_count,
      runtimeMs: album.runtime_ms,
      mbid: album.mbid,
      listeners: listenersOf(album),
      tracks: tracks.map((track) => ({
        id: track.id,
        name: track.title,
        position: track.position,
        duration_formatted: track.duration_ms === null ? '' : formatDuration(track.duration_ms),
        durationMs: track.duration_ms,
      })),
      community: communityRating({ ratings_count: album.ratings_count ?? 0, ratings_sum: album.ratings_sum ?? 0 }),
    };
  }

  async newReleases(query: NewReleasesQuery): Promise<NewReleasesResult> {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await listNewReleases(this.database.db, { ...query, today });
    return { albums: rows.map(toAlbumSummary) };
  }

  async cover(albumId: string): Promise<Cover> {
    if (albumId.length > ID_MAX) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
    const album = await findAlbumForCover(this.database.db, albumId);
    if (!album) throw refusal('ALBUM_NOT_FOUND', ALBUM_NOT_FOUND);
    return renderCover({ id: album.id, title: album.title, artistName: album.artist_name });
  }
}
