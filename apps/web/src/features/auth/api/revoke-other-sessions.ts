import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withUserMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';
import { revokeSessionsError } from '../auth-errors.ts';
import { AuthRequestError } from './auth-request-error.ts';

/** POST /api/auth/revoke-other-sessions (Better Auth): every session but this one ends. */
async function revokeOtherSessions(): Promise<void> {
  const { error } = await authClient.revokeOtherSessions();
  if (error) throw new AuthRequestError(error);
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: withUserMessage(revokeOtherSessions, revokeSessionsError),
    // The sessions list shrinks to this browser.
    onSettled: () => (userId ? queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) }) : undefined),
  });
}
