import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { AuthRequestError } from './send-verification-email.ts';

/** POST /api/auth/revoke-other-sessions (Better Auth): every session but this one ends. */
export async function revokeOtherSessions(): Promise<void> {
  const { error } = await authClient.revokeOtherSessions();
  if (error) throw new AuthRequestError(error);
}

export function useRevokeOtherSessions() {
  return useMutation({ mutationFn: revokeOtherSessions });
}
