import { type BlockedDomains, BlockedDomainsSchema, type DomainSeverity } from '@liner/shared';
import { t } from '@lingui/core/macro';
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

/**
 * Blocks or silences a server (PUT, with the severity) or lifts it (DELETE, severity null); the
 * answer is the list as it is then.
 */
export function useSetDomainBlocked() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(
      ({ domain, severity }: { domain: string; severity: DomainSeverity | null }) =>
        apiRequest<BlockedDomains>(
          path(domain),
          severity
            ? { method: 'PUT', body: { severity }, schema: BlockedDomainsSchema }
            : { method: 'DELETE', schema: BlockedDomainsSchema },
        ),
      (error) => userMessage(error, t`Failed to save the block. Please try again.`),
    ),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.adminBlockedDomains(userId), list);
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog(userId) });
    },
  });
}
