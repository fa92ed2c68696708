import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AppConfig } from '../../config/env.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { AuditLogService } from '../audit/index.ts';
import { createOembedClient } from './oembed.ts';
import { playlistsRoutes } from './playlists.routes.ts';
import { PlaylistsService } from './playlists.service.ts';

// Featured playlists' public surface.
export { PlaylistsService } from './playlists.service.ts';

export interface PlaylistsNeeds {
  /** Each change an admin makes is written to the audit log in its own transaction. */
  auditLog: Pick<AuditLogService, 'record'>;
  /** Where a playlist's title and cover are asked for. */
  config: Pick<AppConfig, 'spotifyOembedUrl'>;
  database: Pick<DatabaseHandle, 'db'>;
  /** Covers are kept in the file store. */
  files: FileStore;
}

/** The service as the running app wires it: its database, file store and the configured oEmbed endpoint. */
export function createPlaylistsService(deps: PlaylistsNeeds, log: FastifyInstance['log']) {
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
