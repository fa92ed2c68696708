import { type GenreCount, GenreListSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// Shared by the charts and Discover (two features), so it lives below both (STYLE.md habit 1).

/** The genres albums carry, the most used first: GET /api/genres. */
export const getGenres = (signal?: AbortSignal) =>
  apiRequest<GenreCount[]>('genres', { schema: GenreListSchema, signal });

export const genresQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.genres,
    queryFn: ({ signal }) => getGenres(signal),
    // The catalogue's genres change with an import, not while someone browses.
    staleTime: 10 * 60_000,
  });

export function useGenres() {
  return useQuery(genresQueryOptions());
}
