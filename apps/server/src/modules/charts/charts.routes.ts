import { TopAlbumsResultSchema, TopSongsResultSchema } from '@liner/shared';
import { cacheable } from '../../lib/cacheable.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { ChartsService } from './charts.service.ts';

export function chartsRoutes(app: ApiApp, charts: ChartsService): void {
  app.get(
    '/api/music/top-albums',
    { schema: { summary: 'The best-rated albums', response: { 200: TopAlbumsResultSchema } } },
    async (_request, reply) => cacheable(reply, charts.topAlbums()),
  );

  app.get(
    '/api/music/top-songs',
    { schema: { summary: 'The best-rated songs', response: { 200: TopSongsResultSchema } } },
    async (_request, reply) => cacheable(reply, charts.topSongs()),
  );
}
