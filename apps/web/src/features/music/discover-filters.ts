import { ALBUM_TYPES, type AlbumType, BROWSE_SORTS, type BrowseSort, SEARCH_PAGE_SIZE } from '@liner/shared';

/** Discover's filters as the address says them: `/music?genre=rock&decade=1990&type=ep&sort=newest&page=2`. */
export interface DiscoverFilters {
  genre?: string;
  /** The decade's first year: 1990 for the nineties. */
  decade?: number;
  type?: AlbumType;
  sort: BrowseSort;
}

/** The decades the filter offers, newest first: this decade back to the 1940s. */
export function listedDecades(now = new Date()): number[] {
  const last = Math.floor(now.getUTCFullYear() / 10) * 10;
  return Array.from({ length: (last - 1940) / 10 + 1 }, (_, index) => last - index * 10);
}

/**
 * The filters in an address. Anything the API would refuse is left out rather than shown as an
 * error, so an old or hand-edited link still opens the page.
 */
export function filtersFromParams(params: URLSearchParams): DiscoverFilters {
  const genre = params.get('genre')?.trim() || undefined;
  const decadeValue = params.get('decade');
  const decade =
    decadeValue && /^\d{4}$/.test(decadeValue) && Number(decadeValue) % 10 === 0 && Number(decadeValue) >= 1900
      ? Number(decadeValue)
      : undefined;
  const typeValue = params.get('type');
  const type = ALBUM_TYPES.includes(typeValue as AlbumType) ? (typeValue as AlbumType) : undefined;
  const sortValue = params.get('sort');
  const sort = BROWSE_SORTS.includes(sortValue as BrowseSort) ? (sortValue as BrowseSort) : 'score';
  return { genre, decade, type, sort };
}

/**
 * Whether the page shows the browse endpoint's albums rather than the spec's Top Albums: any
 * filter, or a sort other than the default (score, which is the Top Albums order).
 */
export function isFiltered(filters: DiscoverFilters): boolean {
  return Boolean(filters.genre || filters.decade || filters.type || filters.sort !== 'score');
}

/** The address's filter parameters, always in one order, the default sort left out. */
export function filterParams(filters: DiscoverFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.genre) params.genre = filters.genre;
  if (filters.decade !== undefined) params.decade = String(filters.decade);
  if (filters.type) params.type = filters.type;
  if (filters.sort !== 'score') params.sort = filters.sort;
  return params;
}

/** The browse API's query string for these filters and this page (1-based). */
export function browseApiQuery(filters: DiscoverFilters, page: number): string {
  const params = new URLSearchParams({ ...filterParams(filters), sort: filters.sort });
  params.set('limit', String(SEARCH_PAGE_SIZE));
  params.set('offset', String((page - 1) * SEARCH_PAGE_SIZE));
  return params.toString();
}
