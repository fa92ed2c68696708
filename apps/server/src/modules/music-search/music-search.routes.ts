import { NoContentSchema, SearchMusicQuerySchema, SearchMusicResultSchema } from '@liner/shared';
import { sendCached } from '../../lib/cacheable.ts';
import { type ReadCache, readKeys } from '../../lib/read-cache.ts';
import { searchField } from '../../lib/search-text.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { MusicSearchService } from './music-search.service.ts';

/**
 * Searches are kept in the read cache: the header's search asks as people type, so the first
 * letters of popular names are asked again and again, and the same answer serves everyone. The
 * key is the query as searched (folded), so 'Björk ' and 'bjork' share one answer.
 */
export function musicSearchRoutes(app: ApiApp, search: MusicSearchService, cache: ReadCache): void {
  app.get(
    '/api/music/search',
    {
      schema: {
        summary: 'Search albums, songs or artists',
        description: 'Albums for type album or artist, songs for type track; total counts up to 1000.',
        querystring: SearchMusicQuerySchema,
        response: { 200: SearchMusicResultSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) => {
      const { q, type, limit, offset } = request.query;
      const key = readKeys.search(`${type}:${limit}:${offset}:${searchField(q)}`);
      return sendCached(request, reply, cache, key, () => search.search(request.query));
    },
  );
}
