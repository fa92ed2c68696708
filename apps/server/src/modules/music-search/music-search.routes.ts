import { SearchMusicQuerySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { cacheable } from '../../lib/cacheable.ts';
import type { MusicSearchService } from './music-search.service.ts';

export function musicSearchRoutes(app: FastifyInstance, search: MusicSearchService): void {
  app.get('/api/music/search', async (request, reply) =>
    cacheable(reply, search.search(SearchMusicQuerySchema.parse(request.query))),
  );
}
