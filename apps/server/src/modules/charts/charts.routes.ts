import {
  BrowseAlbumsQuerySchema,
  BrowseAlbumsResultSchema,
  ChartAlbumPageSchema,
  ChartQuerySchema,
  ChartSongPageSchema,
  GenreListSchema,
  NoContentSchema,
  TopAlbumsResultSchema,
  TopSongsResultSchema,
} from '@liner/shared';
import type { FastifyRequest } from 'fastify';
import { sendCached } from '../../lib/cacheable.ts';
import { type ReadCache, readKeys } from '../../lib/read-cache.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { ChartsService } from './charts.service.ts';

/** The validated query in one canonical order: the cache key of a chart page. */
function queryKey(query: Record<string, unknown>): string {
  return Object.keys(query)
    .filter((key) => query[key] !== undefined && query[key] !== '')
    .sort()
    .map((key) => `${key}=${String(query[key])}`)
    .join('&');
}

export function chartsRoutes(app: ApiApp, charts: ChartsService, cache: ReadCache): void {
  app.get(
    '/api/music/top-albums',
    {
      schema: {
        summary: "Home's Top Albums: the chart's best, then the most popular",
        response: { 200: TopAlbumsResultSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, cache, readKeys.topAlbums, () => charts.topAlbums()),
  );

  app.get(
    '/api/music/top-songs',
    {
      schema: {
        summary: "Home's Top Songs: the chart's best (one per album in the first row), then popular openers",
        response: { 200: TopSongsResultSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, cache, readKeys.topSongs, () => charts.topSongs()),
  );

  app.get(
    '/api/charts/albums',
    {
      schema: {
        summary: 'The album chart, by listeners, filtered by genre, year or decade and type',
        querystring: ChartQuerySchema,
        response: { 200: ChartAlbumPageSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, cache, readKeys.chart('albums', queryKey(request.query)), () =>
        charts.albums(request.query),
      ),
  );

  app.get(
    '/api/charts/songs',
    {
      schema: {
        summary: 'The song chart, by listeners, filtered by genre, year or decade and type',
        querystring: ChartQuerySchema,
        response: { 200: ChartSongPageSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, cache, readKeys.chart('songs', queryKey(request.query)), () =>
        charts.songs(request.query),
      ),
  );

  app.get(
    '/api/music/albums',
    {
      schema: {
        summary: "Discover's albums: by genre, decade and type, sorted by score, popularity or newest",
        querystring: BrowseAlbumsQuerySchema,
        response: { 200: BrowseAlbumsResultSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, cache, readKeys.browse(queryKey(request.query)), () => charts.browse(request.query)),
  );

  app.get(
    '/api/genres',
    {
      schema: {
        summary: 'Genres by how many albums carry them',
        response: { 200: GenreListSchema, 304: NoContentSchema },
      },
    },
    async (request: FastifyRequest, reply) => sendCached(request, reply, cache, readKeys.genres, () => charts.genres()),
  );
}
