import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChartFilters } from '../chart-filters.ts';
import { albumChartQueryOptions } from './get-album-chart.ts';
import { songChartQueryOptions } from './get-song-chart.ts';

/**
 * The chart the filters name, albums or songs. Both queries are declared (hooks cannot be
 * conditional) and only the shown kind's is enabled, so switching back finds the other in the cache.
 */
export function useChart(filters: ChartFilters) {
  const albums = useInfiniteQuery({ ...albumChartQueryOptions(filters), enabled: filters.kind === 'albums' });
  const songs = useInfiniteQuery({ ...songChartQueryOptions(filters), enabled: filters.kind === 'songs' });
  return filters.kind === 'albums'
    ? ({ kind: 'albums', query: albums } as const)
    : ({ kind: 'songs', query: songs } as const);
}
