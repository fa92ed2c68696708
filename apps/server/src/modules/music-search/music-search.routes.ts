import { SearchMusicQuerySchema, SearchMusicResultSchema } from '@liner/shared';
import { cacheable } from '../../lib/cacheable.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { MusicSearchService } from './music-search.service.ts';

export function musicSearchRoutes(app: ApiApp, search: MusicSearchService): void {
  app.get(
    '/api/music/search',
    {
      schema: {
        summary: 'Search albums, songs or artists',
        description: 'Albums for type album or artist, songs for type track; total counts up to 1000.',
        querystring: SearchMusicQuerySchema,
        response: { 200: SearchMusicResultSchema },
      },
    },
    async (request, reply) => cacheable(reply, search.search(request.query)),
  );
}
