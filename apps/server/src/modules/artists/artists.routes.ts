import { ArtistDetailSchema, ArtistParamsSchema, NoContentSchema } from '@liner/shared';
import { sendCached } from '../../lib/cacheable.ts';
import { type ReadCache, readKeys } from '../../lib/read-cache.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { ArtistsService } from './artists.service.ts';

export function artistsRoutes(app: ApiApp, artists: ArtistsService, cache: ReadCache): void {
  app.get(
    '/api/artists/:id',
    {
      schema: {
        summary: 'An artist with their discography by release type and their best-rated songs',
        params: ArtistParamsSchema,
        response: { 200: ArtistDetailSchema, 304: NoContentSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, cache, readKeys.artist(request.params.id), () => artists.artist(request.params.id)),
  );
}
