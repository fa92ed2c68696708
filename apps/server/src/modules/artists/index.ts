import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { ChartsService } from '../charts/index.ts';
import { artistsRoutes } from './artists.routes.ts';

// Artist pages: an artist's discography and best-rated songs.
export { ARTIST_NOT_FOUND, ArtistsService } from './artists.service.ts';

export interface ArtistsNeeds {
  /** An artist's best-rated songs are ranked as the song charts rank them. */
  charts: Pick<ChartsService, 'artistSongs'>;
}

export function registerArtists(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Artists', (api) => {
    artistsRoutes(api, deps.artists, deps.readCache);
  });
}
