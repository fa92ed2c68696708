/**
 * An album's picture: its stored cover when it has one, else the abstract cover the server
 * generates from the album's id (modules/catalog/cover.ts). Every module that shows albums uses
 * this; `v` is cover.ts's COVER_VERSION.
 */
export function albumImageUrl(albumId: string, coverUrl: string | null): string {
  return coverUrl ?? `/api/music/covers/${encodeURIComponent(albumId)}.svg?v=2`;
}
