import type { Generated } from 'kysely';

/** Row types of every table, one schema for both dialects (DESIGN.md, Data). Timestamps are ISO-8601 UTC text. */

export interface ArtistTable {
  id: string;
  name: string;
  sort_name: string;
}

export interface AlbumTable {
  id: string;
  title: string;
  artist_id: string;
  artist_name: string;
  release_date: string | null;
  genre: string | null;
  cover_url: string | null;
  source: string;
  external_id: string | null;
  popularity: number;
  created_at: string;
}

export interface TrackTable {
  id: string;
  album_id: string;
  position: number;
  title: string;
  duration_ms: number | null;
}

export interface SchemaMigrationProbe {
  id: Generated<number>;
}

export interface Database {
  artists: ArtistTable;
  albums: AlbumTable;
  tracks: TrackTable;
}
