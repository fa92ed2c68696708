import { type TrackSearchResult, TrackSearchResultSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

// Shared by Discover and the list editor (two features), so it lives below them (STYLE.md habit 1).

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

export function useSongSearch(term: string, limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...songSearchQueryOptions(term, limit), enabled: enabled && term.trim().length > 0 });
}
