import { AccountSessionListSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** GET /api/users/me/sessions: the browsers signed in to this account, this one marked `current`. */
export const getSessions = (signal?: AbortSignal) =>
  apiRequest('users/me/sessions', { schema: AccountSessionListSchema, signal });

export const sessionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.sessions(userId), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  const userId = useUserId();
  return useQuery({ ...sessionsQueryOptions(userId ?? ''), enabled: userId !== null });
}
