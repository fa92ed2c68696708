/**
 * An album's picture: its stored cover when it has one, else the cover the server generates from
 * the album's id, title and artist (DESIGN.md decision 10). Every module that shows albums uses this.
 */
export function albumImageUrl(albumId: string, coverUrl: string | null): string {
  return coverUrl ?? `/api/music/covers/${encodeURIComponent(albumId)}.svg?v=1`;
}
