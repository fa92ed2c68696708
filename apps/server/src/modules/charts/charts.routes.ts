import { NoContentSchema, TopAlbumsResultSchema, TopSongsResultSchema } from '@liner/shared';
import { sendCached } from '../../lib/cacheable.ts';
import { type ReadCache, readKeys } from '../../lib/read-cache.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { ChartsService } from './charts.service.ts';

export function chartsRoutes(app: ApiApp, charts: ChartsService, cache: ReadCache): void {
  app.get(
    '/api/music/top-albums',
    { schema: { summary: 'The best-rated albums', response: { 200: TopAlbumsResultSchema, 304: NoContentSchema } } },
    async (request, reply) => sendCached(request, reply, cache, readKeys.topAlbums, () => charts.topAlbums()),
  );

  app.get(
    '/api/music/top-songs',
    { schema: { summary: 'The best-rated songs', response: { 200: TopSongsResultSchema, 304: NoContentSchema } } },
    async (request, reply) => sendCached(request, reply, cache, readKeys.topSongs, () => charts.topSongs()),
  );
}
