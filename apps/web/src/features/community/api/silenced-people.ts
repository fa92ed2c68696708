import { type SilencedPeople, SilencedPeopleSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

const path = (handle: string) => `admin/federation/silenced-people/${encodeURIComponent(handle)}`;

/** People of other servers silenced here: GET /api/admin/federation/silenced-people (admins only). */
export function useSilencedPeople() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.adminSilencedPeople(userId ?? ''),
    queryFn: ({ signal }) => apiRequest('admin/federation/silenced-people', { schema: SilencedPeopleSchema, signal }),
    enabled: userId !== null,
  });
}

/** Silences a person of another server (PUT) or lifts it (DELETE); the answer is the list as it is then. */
export function useSetPersonSilenced() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(
      ({ handle, silenced }: { handle: string; silenced: boolean }) =>
        apiRequest<SilencedPeople>(path(handle), {
          method: silenced ? 'PUT' : 'DELETE',
          schema: SilencedPeopleSchema,
        }),
      (error) => userMessage(error, t`Failed to save the silence. Please try again.`),
    ),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.adminSilencedPeople(userId), list);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog(userId) });
    },
  });
}
