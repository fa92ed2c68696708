/**
 * A genre's address: lowercase ASCII letters and digits joined by hyphens ("Hip Hop" and "hip-hop"
 * are one genre, "R&B" is r-b). Migration 013 keeps its own copy of this rule as it shipped.
 */
export function genreSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The release types of MusicBrainz's release groups that liner keeps. */
export const ALBUM_TYPES = ['album', 'ep', 'single', 'live', 'compilation'] as const;
export type AlbumType = (typeof ALBUM_TYPES)[number];
