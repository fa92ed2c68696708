import { createHash } from 'node:crypto';
import type { AlbumSummary, Song } from '@liner/shared';
import { albumImageUrl as imageUrlOf } from '../../lib/album-image.ts';
import { searchWords } from './search-text.ts';

/** The catalogue's row shapes and their mappers to API shapes, shared by its repositories. */

export type AlbumSource = 'seed' | 'musicbrainz' | 'spotify' | 'generated';

export interface CatalogAlbumInput {
  id: string;
  title: string;
  artistName: string;
  releaseDate: string | null;
  genre: string | null;
  popularity: number;
  source: AlbumSource;
  externalId?: string | null;
  coverUrl?: string | null;
  /** In album order; positions are 1-based and assigned from this order. */
  tracks: Array<{ title: string; durationMs: number | null }>;
}

export interface SummaryRow {
  id: string;
  title: string;
  artist_name: string;
  release_date: string | null;
  genre: string | null;
  cover_url: string | null;
}

export interface AlbumRow extends SummaryRow {
  ratings_count: number | null;
  ratings_sum: number | null;
}

export interface TrackRow {
  id: string;
  position: number;
  title: string;
  duration_ms: number | null;
}

export interface SongRow {
  id: string;
  title: string;
  artist_name: string;
  album_id: string;
  cover_url: string | null;
}

/** Largest number of tracks an album may have: track_fts rowids are album key × 4096 + position. */
export const MAX_TRACKS = 4095;
export const TRACK_KEY_SPAN = 4096;

export const SUMMARY_COLUMNS = [
  'albums.id',
  'albums.title',
  'albums.artist_name',
  'albums.release_date',
  'albums.genre',
  'albums.cover_url',
] as const;

export function albumImageUrl(row: { id: string; cover_url: string | null }): string {
  return imageUrlOf(row.id, row.cover_url);
}

export function toAlbumSummary(row: SummaryRow): AlbumSummary {
  return {
    id: row.id,
    name: row.title,
    artistName: row.artist_name,
    imageUrl: albumImageUrl(row),
    releaseDate: row.release_date,
    genre: row.genre,
  };
}

export function toSong(row: SongRow): Song {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist_name,
    img: albumImageUrl({ id: row.album_id, cover_url: row.cover_url }),
    albumId: row.album_id,
  };
}

export function artistIdFor(name: string): string {
  const slug = searchWords(name).join('-');
  return slug || `artist-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
}

export function trackIdFor(albumId: string, position: number): string {
  return `${albumId}-${position}`;
}
