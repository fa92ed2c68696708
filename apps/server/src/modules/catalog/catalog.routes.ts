import { NewReleasesQuerySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { cacheable } from '../../lib/cacheable.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  app.get<{ Params: { id: string } }>('/api/music/albums/:id', async (request, reply) =>
    cacheable(reply, catalog.album(request.params.id)),
  );

  app.get('/api/music/new-releases', async (request, reply) =>
    cacheable(reply, catalog.newReleases(NewReleasesQuerySchema.parse(request.query))),
  );

  // The album id is in the path and the artwork version in ?v=: a cover URL never changes meaning.
  app.get<{ Params: { file: string } }>('/api/music/covers/:file', async (request, reply) => {
    const { file } = request.params;
    const albumId = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
    const cover = await catalog.cover(albumId);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', cover.etag)
      .type('image/svg+xml; charset=utf-8');
    if (request.headers['if-none-match'] === cover.etag) return reply.status(304).send();
    return reply.send(cover.svg);
  });
}
