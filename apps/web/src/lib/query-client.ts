import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError, UserFacingError } from './api-client.ts';
import { startNetworkStatus } from './network-status.ts';
import { queryKeys } from './query-keys.ts';

export function createQueryClient(): QueryClient {
  startNetworkStatus();
  // A 401 means the session ended (expired, or revoked elsewhere): re-read it, so the app and its
  // per-user cache follow at once instead of at the next scheduled session check.
  const onError = (error: unknown) => {
    const failure = error instanceof UserFacingError ? error.cause : error;
    if (failure instanceof ApiRequestError && failure.status === 401) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Offline, requests wait (networkMode 'online') and resume when the connection returns;
        // whatever failed meanwhile is asked again then (refetchOnReconnect), so pages recover alone.
        refetchOnReconnect: true,
        // Client errors will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  return queryClient;
}
