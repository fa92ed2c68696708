import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { createOembedClient } from './oembed.ts';
import { playlistsRoutes } from './playlists.routes.ts';
import { PlaylistsService } from './playlists.service.ts';

// Featured playlists' public surface.
export { PlaylistsService } from './playlists.service.ts';

/** The service as the running app wires it: its database, file store and the configured oEmbed endpoint. */
export function createPlaylistsService(
  deps: Pick<AppDeps, 'auditLog' | 'config' | 'database' | 'files'>,
  log: FastifyInstance['log'],
) {
  const oembed = createOembedClient(deps.config.spotifyOembedUrl, {
    onFailure: (playlistId, reason) => log.warn({ playlistId, reason }, 'Spotify oEmbed lookup failed'),
  });
  return new PlaylistsService(deps.database.db, deps.files, oembed, log, deps.auditLog);
}

export function registerPlaylists(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Featured playlists', (api) => {
    playlistsRoutes(api, deps.playlists);
  });
}
