import type { FastifyInstance } from 'fastify';
import { cacheable } from '../../lib/cacheable.ts';
import type { ChartsService } from './charts.service.ts';

export function chartsRoutes(app: FastifyInstance, charts: ChartsService): void {
  app.get('/api/music/top-albums', async (_request, reply) => cacheable(reply, charts.topAlbums()));

  app.get('/api/music/top-songs', async (_request, reply) => cacheable(reply, charts.topSongs()));
}
