// Music search's public surface: albums, artists and songs by words, with a search-through.

export { musicSearchRoutes } from './music-search.routes.ts';
export { MusicSearchService } from './music-search.service.ts';
