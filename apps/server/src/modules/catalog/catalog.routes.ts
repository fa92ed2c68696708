import {
  AlbumByIdParamsSchema,
  AlbumDetailSchema,
  CoverFileParamsSchema,
  ImageBytesSchema,
  NewReleasesQuerySchema,
  NewReleasesResultSchema,
  NoContentSchema,
} from '@liner/shared';
import { sendCached } from '../../lib/cacheable.ts';
import { type ReadCache, readKeys } from '../../lib/read-cache.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(app: ApiApp, catalog: CatalogService, cache: ReadCache): void {
  app.get(
    '/api/music/albums/:id',
    {
      schema: {
        summary: 'An album with its tracks and community rating',
        params: AlbumByIdParamsSchema,
        response: { 200: AlbumDetailSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, cache, readKeys.album(request.params.id), () => catalog.album(request.params.id)),
  );

  app.get(
    '/api/music/new-releases',
    {
      schema: {
        summary: 'The newest albums, newest first',
        querystring: NewReleasesQuerySchema,
        response: { 200: NewReleasesResultSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, cache, readKeys.newReleases(JSON.stringify(request.query)), () =>
        catalog.newReleases(request.query),
      ),
  );

  // The album id is in the path and the artwork version in ?v=: a cover URL never changes meaning.
  app.get(
    '/api/music/covers/:file',
    {
      schema: {
        summary: "An album's generated cover (SVG)",
        params: CoverFileParamsSchema,
        response: {
          200: { description: 'The cover', content: { 'image/svg+xml': { schema: ImageBytesSchema } } },
          304: NoContentSchema,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const albumId = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
      const cover = await catalog.cover(albumId);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', cover.etag)
        .type('image/svg+xml; charset=utf-8');
      if (request.headers['if-none-match'] === cover.etag) return reply.status(304).send(null);
      return reply.send(cover.svg);
    },
  );
}
