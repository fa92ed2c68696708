import { t } from '@lingui/core/macro';
import type { FetchStatus } from '@tanstack/react-query';

export const waitingForConnection = () => t`You are offline. This will load when the connection returns.`;

/**
 * What a page shows while its data has not come: `label` ('Loading...'), or, when the request is
 * waiting for the connection (TanStack Query's 'paused'), that it will come once online, rather
 * than a 'Loading...' that never ends.
 */
export function PendingState({
  fetchStatus,
  label = t`Loading...`,
  className = 'muted',
}: {
  fetchStatus: FetchStatus;
  label?: string;
  className?: string;
}) {
  return <p className={className}>{fetchStatus === 'paused' ? waitingForConnection() : label}</p>;
}
