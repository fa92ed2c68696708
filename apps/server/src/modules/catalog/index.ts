import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { catalogRoutes } from './catalog.routes.ts';

export {
  type AlbumRow,
  type AlbumSource,
  albumImageUrl,
  artistIdFor,
  type CatalogAlbumInput,
  MAX_TRACKS,
  type SongRow,
  SUMMARY_COLUMNS,
  type SummaryRow,
  type TrackRow,
  toAlbumSummary,
  toSong,
  trackIdFor,
} from './catalog.rows.ts';
// The catalogue's public surface: other modules import from here, never from its other files.
export { ALBUM_NOT_FOUND, averageStars, CatalogService, type ExternalCatalog } from './catalog.service.ts';
export { createMusicBrainzCatalog, type MusicBrainzCatalog } from './musicbrainz/musicbrainz.service.ts';
export { searchWords } from './search-text.ts';
export { loadSeedCatalog } from './seed.ts';

export function registerCatalog(app: FastifyInstance, deps: AppDeps): void {
  catalogRoutes(app, deps.catalog);
}
