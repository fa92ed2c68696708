import { createHash } from 'node:crypto';
import { ALBUM_TYPES, type AlbumSummary, type AlbumType, genreSlug, type Listeners, type Song } from '@liner/shared';
import { albumImageUrl as imageUrlOf } from '../../lib/album-image.ts';
import { searchWords } from '../../lib/search-text.ts';

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
  /** The release group's primary type; 'album' when absent. */
  type?: AlbumType;
  /** Genre names, main first; absent: `genre` alone. */
  genres?: string[];
  /** MusicBrainz ids, when known: the release group's and its artist's. */
  mbid?: string | null;
  artistMbid?: string | null;
  /** In album order; positions are 1-based and assigned from this order. */
  tracks: Array<{ title: string; durationMs: number | null; mbid?: string | null }>;
}

/** The input's genres, main first, each once by slug, at most 10; with `genre` as the main one. */
export function albumGenres(album: Pick<CatalogAlbumInput, 'genre' | 'genres'>): Array<{ slug: string; name: string }> {
  const names = album.genres && album.genres.length > 0 ? album.genres : album.genre ? [album.genre] : [];
  const seen = new Map<string, string>();
  for (const name of names) {
    const slug = genreSlug(name);
    if (slug && !seen.has(slug)) seen.set(slug, name.trim().toLowerCase());
  }
  return [...seen].slice(0, 10).map(([slug, name]) => ({ slug, name }));
}

export interface SummaryRow {
  id: string;
  title: string;
  artist_id: string;
  artist_name: string;
  release_date: string | null;
  genre: string | null;
  cover_url: string | null;
  /** album_stats' listener totals; null when the album has no stats row yet. */
  listeners: number | null;
  listener_tenths: number | null;
}

export interface AlbumRow extends SummaryRow {
  primary_type: string;
  track_count: number;
  runtime_ms: number | null;
  mbid: string | null;
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
  artist_id: string;
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
  'albums.artist_id',
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
    artistId: row.artist_id,
    imageUrl: albumImageUrl(row),
    releaseDate: row.release_date,
    genre: row.genre,
    listeners: listenersOf(row),
  };
}

export function toSong(row: SongRow): Song {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist_name,
    artistId: row.artist_id,
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

/** A stored primary type as the API's enum: anything unknown reads as an album. */
export function albumType(value: string): AlbumType {
  return (ALBUM_TYPES as readonly string[]).includes(value) ? (value as AlbumType) : 'album';
}

/** Listeners and their mean rating in stars, one decimal, from totals kept in tenths. */
export function listenersOf(row: { listeners: number | null; listener_tenths: number | null }): Listeners {
  const count = row.listeners ?? 0;
  return { count, average: count > 0 ? Math.round((row.listener_tenths ?? 0) / count) / 10 : null };
}
