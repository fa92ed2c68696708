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
  searchAlbums,
  searchTracks,
  toAlbumSummary,
  toSong,
  topAlbums,
  topSongs,
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

export class CatalogService {
  constructor(private readonly database: DatabaseHandle) {}

  async album(id: string): Promise<AlbumDetail> {
    const db = this.database.db;
    if (id.length > ID_MAX) throw notFound(ALBUM_NOT_FOUND);
    const [album, tracks] = await Promise.all([findAlbum(db, id), findTracks(db, id)]);
    if (!album) throw notFound(ALBUM_NOT_FOUND);
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
    return { albums: rows.map(toAlbumSummary), total };
  }

  async topAlbums(): Promise<AlbumSummary[]> {
    return (await topAlbums(this.database.db, TOP_ALBUMS_COUNT)).map(toAlbumSummary);
  }

  async topSongs(): Promise<Song[]> {
    return (await topSongs(this.database.db, TOP_SONGS_COUNT)).map(toSong);
  }

  async cover(albumId: string): Promise<Cover> {
    if (albumId.length > ID_MAX) throw notFound(ALBUM_NOT_FOUND);
    const album = await findAlbumForCover(this.database.db, albumId);
    if (!album) throw notFound(ALBUM_NOT_FOUND);
    return renderCover({ id: album.id, title: album.title, artistName: album.artist_name });
  }
}
