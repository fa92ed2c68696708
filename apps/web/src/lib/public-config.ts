import { useQuery } from '@tanstack/react-query';
import { apiRequest, deferredSchema } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** What this installation offers (e.g. Google sign-in); fetched once per visit. */
export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: queryKeys.config,
    queryFn: () => apiRequest('config', { schema: deferredSchema('PublicConfigSchema') }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Listeners an album needs before a card shows its community score (the charts' own minimum), or
 * null until the configuration has come: no score is shown on a guess. `needed` false (nobody
 * rated it, so there is nothing to show) does not ask.
 */
export function useChartMinListeners(needed = true): number | null {
  return usePublicConfig({ enabled: needed }).data?.chartMinListeners ?? null;
}
