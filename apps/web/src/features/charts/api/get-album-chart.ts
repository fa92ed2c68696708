import { type ChartAlbumPage, ChartAlbumPageSchema } from '@liner/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type ChartFilters, chartApiQuery } from '../chart-filters.ts';

/** One page of the album chart: GET /api/charts/albums?genre=…&year=…|decade=…&type=…&cursor=…. */
export const getAlbumChart = (filters: ChartFilters, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<ChartAlbumPage>(`charts/albums?${chartApiQuery({ ...filters, kind: 'albums' }, cursor)}`, {
    schema: ChartAlbumPageSchema,
    signal,
  });

/** The album chart page by page: each next page continues the ranking from the last one's cursor. */
export const albumChartQueryOptions = (filters: ChartFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chart('albums', chartApiQuery({ ...filters, kind: 'albums' })),
    queryFn: ({ pageParam, signal }) => getAlbumChart(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
