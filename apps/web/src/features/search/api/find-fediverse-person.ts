import { PersonSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Someone on another server by their address: GET /api/federation/people?handle=@name@host. */
export const findFediversePerson = (handle: string, signal?: AbortSignal) =>
  apiRequest(`federation/people?${new URLSearchParams({ handle })}`, { schema: PersonSchema, signal });

export const fediversePersonQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: queryKeys.fediversePerson(handle),
    queryFn: ({ signal }) => findFediversePerson(handle, signal),
    staleTime: 60_000,
    // "No one was found" is an answer, not a failure to retry.
    retry: false,
  });

export function useFediversePerson(handle: string, enabled: boolean) {
  return useQuery({ ...fediversePersonQueryOptions(handle), enabled });
}
