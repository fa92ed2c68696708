import { ProfileViewSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const profileQueryOptions = (displayName: string) =>
  queryOptions({
    queryKey: queryKeys.profile(displayName),
    queryFn: () => apiRequest(`profiles/${encodeURIComponent(displayName)}`, { schema: ProfileViewSchema }),
  });

export function useProfile(displayName: string) {
  return useQuery(profileQueryOptions(displayName));
}
