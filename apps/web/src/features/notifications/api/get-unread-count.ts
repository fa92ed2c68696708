import { UnreadCountSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** A minute between checks while the page is open; also on returning to the tab. */
const POLL_MS = 60_000;

/** The bell's number: GET /api/notifications/unread-count, only while signed in. */
export function useUnreadCount() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.unreadNotifications(userId ?? ''),
    queryFn: () => apiRequest('notifications/unread-count', { schema: UnreadCountSchema }),
    enabled: Boolean(userId),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    select: (data) => data.unreadCount,
  });
}
