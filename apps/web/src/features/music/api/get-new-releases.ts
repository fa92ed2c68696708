import { type NewReleasesResult, NewReleasesResultSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The latest released albums: GET /api/music/new-releases?limit=…. */
export const getNewReleases = (limit: number, signal?: AbortSignal) =>
  apiRequest<NewReleasesResult>(`music/new-releases?limit=${limit}`, { schema: NewReleasesResultSchema, signal });

export const newReleasesQueryOptions = (limit: number) =>
  queryOptions({ queryKey: queryKeys.newReleases(limit), queryFn: ({ signal }) => getNewReleases(limit, signal) });

export function useNewReleases(limit: number) {
  return useQuery(newReleasesQueryOptions(limit));
}
