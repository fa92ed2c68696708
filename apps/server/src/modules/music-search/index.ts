import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { musicSearchRoutes } from './music-search.routes.ts';

// Music search's public surface: albums, artists and songs by words, with a search-through.
export { MusicSearchService } from './music-search.service.ts';

export function registerMusicSearch(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Search', (api) => {
    musicSearchRoutes(api, deps.musicSearch, deps.readCache);
  });
}
