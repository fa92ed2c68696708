// The catalogue's public surface (reads, writes, covers, seed, MusicBrainz): other modules and the
// CLI import from here, never from its other files.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { type ReadCache, readKeys } from '../../lib/read-cache.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { catalogRoutes } from './catalog.routes.ts';

export { generateAlbums } from './bulk-generate.ts';
export { listenerTotals } from './catalog.repository.ts';
export {
  type AlbumRow,
  type AlbumSource,
  albumImageUrl,
  albumType,
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
export { ALBUM_NOT_FOUND, CatalogService, type ExternalCatalog } from './catalog.service.ts';
export type { SaveResult } from './catalog-writes.repository.ts';
export {
  albumOfRecording,
  type LookupAnswer,
  lookUpAlbum,
  lookUpReleaseGroup,
  type RecordingAlbum,
  releaseGroupOfRelease,
  storeReleaseGroup,
} from './musicbrainz/lookup.ts';
export { type MatchSummary, matchCatalog, withMatchLease } from './musicbrainz/match.ts';
export { registerMatchJob } from './musicbrainz/match-job.ts';
export { type ImportTarget, importFromMusicBrainz } from './musicbrainz/musicbrainz.import.ts';
export { createMusicBrainzCatalog, type MusicBrainzCatalog } from './musicbrainz/musicbrainz.service.ts';
export { importAlbums, loadSeedCatalog, parseCatalogFile } from './seed.ts';

/**
 * The shared read cache holds the catalogue's public answers (an album, the top lists, the charts,
 * new releases, artist pages); once a rating that moves them has committed, they are emptied (ADR 45).
 */
export function subscribeCatalog(events: DomainEventBus, readCache: ReadCache): void {
  events.afterCommit('albumRatingChanged', ({ albumId }) => readCache.invalidate(...readKeys.ratingsOf(albumId)));
}

export function registerCatalog(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Catalogue', (api) => {
    catalogRoutes(api, deps.catalog, deps.readCache);
  });
}
