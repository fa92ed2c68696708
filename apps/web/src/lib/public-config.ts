import { PublicConfigSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** What this installation offers (e.g. Google sign-in); fetched once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => apiRequest('config', { schema: PublicConfigSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
