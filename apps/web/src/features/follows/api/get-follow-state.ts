import { FollowStateSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/**
 * GET /api/users/:userId/follow: whether the viewer follows them, and both counts. Waits for an id:
 * a profile page asks before its profile (and so the id) has loaded.
 */
export function useFollowState(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.followState(useUserId(), userId ?? ''),
    queryFn: () => apiRequest(`users/${encodeURIComponent(userId ?? '')}/follow`, { schema: FollowStateSchema }),
    enabled: Boolean(userId),
  });
}
