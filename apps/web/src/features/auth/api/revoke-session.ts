import type { AccountSession } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.tsx';

/** DELETE /api/users/me/sessions/:sessionId → 204; 404 SESSION_NOT_FOUND when it had already ended. */
const revokeSession = (session: AccountSession) =>
  apiRequest(`users/me/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' });

/**
 * Signs one session out. The list is read again either way (a session that had already ended goes
 * from it too); signing out this browser's own session is signing out, so the app re-reads who is
 * signed in (and the per-user cache goes with the old user).
 */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  const { user, refetch } = useSession();
  return useMutation({
    mutationFn: withUserMessage<AccountSession, unknown>(revokeSession, (error) =>
      userMessage(error, t`Failed to sign out that session. Please try again.`),
    ),
    onSuccess: async (_data, session) => {
      if (session.current) await refetch();
    },
    onSettled: (_data, _error, session) => {
      if (user && !session.current) void queryClient.invalidateQueries({ queryKey: queryKeys.sessions(user.id) });
    },
  });
}
