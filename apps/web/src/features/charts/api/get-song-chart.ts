import { type ChartSongPage, ChartSongPageSchema } from '@liner/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type ChartFilters, chartApiQuery } from '../chart-filters.ts';

/** One page of the song chart: GET /api/charts/songs?genre=…&year=…|decade=…&cursor=…. */
export const getSongChart = (filters: ChartFilters, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<ChartSongPage>(`charts/songs?${chartApiQuery({ ...filters, kind: 'songs' }, cursor)}`, {
    schema: ChartSongPageSchema,
    signal,
  });

/** The song chart page by page: each next page continues the ranking from the last one's cursor. */
export const songChartQueryOptions = (filters: ChartFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chart('songs', chartApiQuery({ ...filters, kind: 'songs' })),
    queryFn: ({ pageParam, signal }) => getSongChart(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
