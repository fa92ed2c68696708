import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { CatalogService, MusicBrainzCatalog } from '../catalog/index.ts';
import type { CollectionService, ListensService, RateLaterService } from '../library/index.ts';
import type { ListsService } from '../lists/index.ts';
import type { MusicSearchService } from '../music-search/index.ts';
import type { PostsService } from '../posts/index.ts';
import type { RatingsService } from '../ratings/index.ts';
import { type ImportWorker, registerImportWorker } from './import-worker.ts';
import { importsRoutes } from './imports.routes.ts';

// Imports of one's history from other services: other modules and the CLI import from here only.
export { ImportFormatError, parsers } from './formats/index.ts';
export { ImportWorker } from './import-worker.ts';
export { ImportsService } from './imports.service.ts';
export { parseOffThread } from './parse-off-thread.ts';

/**
 * What an import reads to match its rows, and the modules each row is written through (ADR 38):
 * every write goes through the module that owns it, so its counts and totals stay right.
 */
export interface ImportsNeeds {
  /** Albums shown beside the rows, a chosen album's track list, and matching by MusicBrainz id. */
  catalog: Pick<CatalogService, 'album' | 'findAlbum' | 'findAlbumIdByMbid' | 'summaries'>;
  /** A row's artist and title are matched as the catalogue search finds them. */
  musicSearch: Pick<MusicSearchService, 'localAlbums'>;
  /** Where an album the catalogue lacks is looked up, when MUSICBRAINZ is on. */
  musicbrainz: MusicBrainzCatalog | undefined;
  /** An album row's rating, chosen as the album page chooses one. */
  ratings: Pick<RatingsService, 'importAlbumRatingIn'>;
  /** A rated album row joins the collection, with its review. */
  collection: Pick<CollectionService, 'importEntryIn'>;
  /** A review without a rating stands as a review post. */
  posts: Pick<PostsService, 'importReviewIn'>;
  /** An album wishlisted or owned but never rated. */
  rateLater: Pick<RateLaterService, 'importEntryIn'>;
  /** Loved songs go to a song list of the person's own. */
  lists: Pick<ListsService, 'importSongIn'>;
  /** Days an album was heard become diary entries. */
  listens: Pick<ListensService, 'importDaysIn'>;
  /** An album whose rating moved loses its cached pages once its row commits. */
  readCache: Pick<ReadCache, 'invalidate'>;
}

export function registerImports(app: FastifyInstance, deps: AppDeps, worker: ImportWorker): void {
  moduleRoutes(app, 'Imports', (api) => {
    importsRoutes(api, deps.imports, worker);
  });
  registerImportWorker(app, worker);
}
