import { FollowStateSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export function useFollowState(userId: string) {
  return useQuery({
    queryKey: queryKeys.followState(useUserId(), userId),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId)}/follow`, { schema: FollowStateSchema }),
  });
}
