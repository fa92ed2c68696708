import { type TrackSearchResult, TrackSearchResultSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const LIMIT = 8;

/** Albums for an album list, songs for a song list: the catalogue's search (GET /api/music/search). */
export function useCatalogueSearch(kind: 'album' | 'song', term: string) {
  const albums = useAlbumSearch(term, LIMIT, { enabled: kind === 'album', keepPrevious: true });
  const songs = useQuery({
    queryKey: queryKeys.songSearch(term, LIMIT),
    queryFn: ({ signal }) =>
      apiRequest<TrackSearchResult>(
        `music/search?${new URLSearchParams({ q: term, type: 'track', limit: String(LIMIT) })}`,
        { schema: TrackSearchResultSchema, signal },
      ),
    enabled: kind === 'song' && term.trim().length > 0,
    staleTime: 30_000,
  });
  return kind === 'album' ? albums : songs;
}
