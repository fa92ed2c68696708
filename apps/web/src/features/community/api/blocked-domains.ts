import { type BlockedDomains, BlockedDomainsSchema } from '@liner/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

const path = (domain: string) => `admin/federation/blocked-domains/${encodeURIComponent(domain)}`;

/** Servers blocked from this site: GET /api/admin/federation/blocked-domains (admins only). */
export function useBlockedDomains() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.adminBlockedDomains(userId ?? ''),
    queryFn: ({ signal }) => apiRequest('admin/federation/blocked-domains', { schema: BlockedDomainsSchema, signal }),
    enabled: userId !== null,
  });
}

/** Blocks a server (PUT) or lifts its block (DELETE); the answer is the list as it is then. */
export function useSetDomainBlocked() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(
      ({ domain, blocked }: { domain: string; blocked: boolean }) =>
        apiRequest<BlockedDomains>(path(domain), { method: blocked ? 'PUT' : 'DELETE', schema: BlockedDomainsSchema }),
      (error) => userMessage(error, 'Failed to save the block. Please try again.'),
    ),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.adminBlockedDomains(userId), list);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog(userId) });
    },
  });
}
