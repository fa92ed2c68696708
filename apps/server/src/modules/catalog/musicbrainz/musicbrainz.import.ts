import type { CatalogAlbumInput } from '../catalog.rows.ts';
import type { MbArtist } from './musicbrainz.client.ts';
import { isMbid, releaseGroupToAlbum } from './musicbrainz.mapping.ts';
import { luceneEscape, type MusicBrainzCatalog } from './musicbrainz.service.ts';

/** `catalog import musicbrainz`: whole artists or single release groups, with tracks and covers. */

export type ImportTarget = { artist: string } | { releaseGroup: string };

export interface ImportSummary {
  artist?: MbArtist;
  imported: number;
  present: number;
  empty: number;
  failed: Array<{ album: string; error: string }>;
}

/** An artist by MBID, or the best search match for a name (an exact name wins over a higher score). */
export async function findArtist(catalog: MusicBrainzCatalog, nameOrMbid: string): Promise<MbArtist> {
  const text = nameOrMbid.trim();
  if (isMbid(text)) return { id: text.toLowerCase(), name: text };
  const { artists = [] } = await catalog.client.searchArtists(`artist:(${luceneEscape(text)})`, 5);
  const exact = artists.find((a) => a.name.toLowerCase() === text.toLowerCase());
  const best = exact ?? artists[0];
  if (!best) throw new Error(`No MusicBrainz artist found for "${text}"`);
  return best;
}

/** Every album release group of an artist, page by page (browse pages hold 100). */
export async function artistAlbums(catalog: MusicBrainzCatalog, artistMbid: string): Promise<CatalogAlbumInput[]> {
  const albums: CatalogAlbumInput[] = [];
  for (let offset = 0; ; ) {
    const page = await catalog.client.browseAlbumReleaseGroups(artistMbid, offset);
    const groups = page['release-groups'] ?? [];
    albums.push(...groups.map(releaseGroupToAlbum));
    offset += groups.length;
    if (groups.length === 0 || offset >= (page['release-group-count'] ?? 0)) return albums;
  }
}

/**
 * Imports each album with its tracks and cover. Idempotent: albums that already have tracks are
 * counted as present and not fetched again. One album failing does not stop the others.
 */
export async function importFromMusicBrainz(
  catalog: MusicBrainzCatalog,
  target: ImportTarget,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportSummary> {
  const summary: ImportSummary = { imported: 0, present: 0, empty: 0, failed: [] };
  let albums: CatalogAlbumInput[];
  if ('artist' in target) {
    summary.artist = await findArtist(catalog, target.artist);
    albums = await artistAlbums(catalog, summary.artist.id);
  } else {
    if (!isMbid(target.releaseGroup)) throw new Error(`Not a MusicBrainz id: ${target.releaseGroup}`);
    albums = [releaseGroupToAlbum(await catalog.client.releaseGroup(target.releaseGroup.trim().toLowerCase()))];
  }
  onProgress?.(0, albums.length);
  for (const [i, album] of albums.entries()) {
    try {
      summary[await catalog.importAlbum(album)]++;
    } catch (error) {
      summary.failed.push({ album: album.title, error: error instanceof Error ? error.message : String(error) });
    }
    onProgress?.(i + 1, albums.length);
  }
  return summary;
}
