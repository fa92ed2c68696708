// The catalogue's public surface: other modules import from here, never from its other files.

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
export { ALBUM_NOT_FOUND, averageStars, CatalogService, type ExternalCatalog } from './catalog.service.ts';
export { searchWords } from './search-text.ts';
