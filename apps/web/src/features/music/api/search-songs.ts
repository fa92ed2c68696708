import { type TrackSearchResult, TrackSearchResultSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Songs matching a term (title or artist): GET /api/music/search?q=…&type=track&limit=…. */
export const searchSongs = (term: string, limit: number, signal?: AbortSignal) =>
  apiRequest<TrackSearchResult>(
    `music/search?${new URLSearchParams({ q: term, type: 'track', limit: String(limit) })}`,
    { schema: TrackSearchResultSchema, signal },
  );

export const songSearchQueryOptions = (term: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.songSearch(term, limit),
    queryFn: ({ signal }) => searchSongs(term, limit, signal),
    staleTime: 30_000,
  });

export function useSongSearch(term: string, limit: number) {
  return useQuery({ ...songSearchQueryOptions(term, limit), enabled: term.trim().length > 0 });
}
