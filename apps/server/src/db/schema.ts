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

/** Better Auth's user table (its migrations create it); we read and update a few columns. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  role: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
}

export interface ProfileTable {
  user_id: string;
  display_name: string;
  display_name_key: string;
  bio: string;
  picture_url: string | null;
  setup_complete: number | null;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  created_at: string;
}

export interface Database {
  artists: ArtistTable;
  albums: AlbumTable;
  tracks: TrackTable;
  user: UserTable;
  session: SessionTable;
  profiles: ProfileTable;
}
