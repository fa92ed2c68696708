import { ALBUM_TYPES, type AlbumType, CHART_YEAR_MAX, CHART_YEAR_MIN } from '@liner/shared';

export const CHART_KINDS = ['albums', 'songs'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** What a chart shows, as the address says it (`/charts?kind=songs&genre=rock&year=1997`). */
export interface ChartFilters {
  kind: ChartKind;
  genre?: string;
  year?: number;
  /** The decade's first year: 1990 for the nineties. */
  decade?: number;
  /** Albums only. */
  type?: AlbumType;
}

/** The decades the Period filter offers, newest first. */
export const CHART_DECADES = [2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950] as const;
/** The first year the Period filter lists on its own. */
const FIRST_LISTED_YEAR = 1950;

function wholeIn(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{4}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * The filters in an address. Anything the API would refuse is left out rather than shown as an
 * error: a hand-edited or old link still opens a chart. A year and a decade together keep the
 * year, the narrower of the two (the API takes only one).
 */
export function filtersFromParams(params: URLSearchParams): ChartFilters {
  const kind: ChartKind = params.get('kind') === 'songs' ? 'songs' : 'albums';
  const genre = params.get('genre')?.trim() || undefined;
  const year = wholeIn(params.get('year'), CHART_YEAR_MIN, CHART_YEAR_MAX);
  const decadeValue = wholeIn(params.get('decade'), CHART_YEAR_MIN, CHART_YEAR_MAX);
  const decade = year === undefined && decadeValue !== undefined && decadeValue % 10 === 0 ? decadeValue : undefined;
  const typeValue = params.get('type');
  const type = kind === 'albums' && ALBUM_TYPES.includes(typeValue as AlbumType) ? (typeValue as AlbumType) : undefined;
  return { kind, genre, year, decade, type };
}

/** The address's query for these filters, always in one order so equal charts have equal links. */
export function paramsFromFilters(filters: ChartFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind === 'songs') params.set('kind', 'songs');
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.year !== undefined) params.set('year', String(filters.year));
  else if (filters.decade !== undefined) params.set('decade', String(filters.decade));
  if (filters.kind === 'albums' && filters.type) params.set('type', filters.type);
  return params;
}

/** The API's query string for these filters (`genre=rock&year=1997`), and the page's cursor when given. */
export function chartApiQuery(filters: ChartFilters, cursor?: string | null): string {
  const params = paramsFromFilters(filters);
  params.delete('kind');
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/**
 * The Period filter's one value: '' (all time), 'decade:1990' or 'year:1997'. One control holds
 * both, so a year and a decade can never be chosen together.
 */
export function periodValue(filters: Pick<ChartFilters, 'year' | 'decade'>): string {
  if (filters.year !== undefined) return `year:${filters.year}`;
  if (filters.decade !== undefined) return `decade:${filters.decade}`;
  return '';
}

export function periodFromValue(value: string): Pick<ChartFilters, 'year' | 'decade'> {
  const [which, number] = value.split(':');
  if (which === 'year') return { year: Number(number), decade: undefined };
  if (which === 'decade') return { year: undefined, decade: Number(number) };
  return { year: undefined, decade: undefined };
}

/** The years the Period filter lists, newest first: this year back to 1950. */
export function listedYears(now = new Date()): number[] {
  const last = now.getUTCFullYear();
  return Array.from({ length: last - FIRST_LISTED_YEAR + 1 }, (_, index) => last - index);
}

export { yearOf } from '../../lib/catalog/format.ts';
