import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { useSongSearch } from '../../../lib/catalog/search-songs.ts';

const LIMIT = 8;

/** Albums for an album list, songs for a song list: the catalog's search (GET /api/music/search). */
export function useCatalogSearch(kind: 'album' | 'song', term: string) {
  const albums = useAlbumSearch(term, LIMIT, { enabled: kind === 'album', keepPrevious: true });
  const songs = useSongSearch(term, LIMIT, { enabled: kind === 'song' });
  return kind === 'album' ? albums : songs;
}
