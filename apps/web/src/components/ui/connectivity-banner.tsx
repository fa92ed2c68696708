import { BACK_ONLINE_BANNER_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../lib/network-status.ts';
import './connectivity-banner.css';

type Status = 'hidden' | 'offline' | 'online';

// Functions, not constants: a message is read in the page's language when it is shown.
export const offlineMessage = () => t`You are currently offline. Some features may not be available.`;
export const onlineMessage = () => t`You are back online! Content will now update automatically.`;

/**
 * Bottom banner for connectivity (spec §4): red while offline; green for 5 seconds when the
 * connection returns, but only after an offline state was seen. It follows the query client's
 * online state (lib/network-status.ts), the one that pauses and resumes requests. Rendered once,
 * at the app's root outside the router and the session check (app/app.tsx), so an app opened
 * without a connection shows it instead of a bare 'Loading...'.
 */
export function ConnectivityBanner() {
  const online = useOnline();
  const [status, setStatus] = useState<Status>(online ? 'hidden' : 'offline');
  const seen = useRef(online);

  useEffect(() => {
    if (seen.current === online) return;
    seen.current = online;
    if (!online) {
      setStatus('offline');
      return;
    }
    setStatus('online');
    const timer = setTimeout(() => setStatus('hidden'), BACK_ONLINE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [online]);

  if (status === 'hidden') return null;
  return (
    <div className={`connectivity-banner connectivity-banner--${status}`} role="status" aria-live="polite">
      <span>{status === 'offline' ? offlineMessage() : onlineMessage()}</span>
      <button
        type="button"
        className="connectivity-banner__close"
        aria-label={t`Close`}
        onClick={() => setStatus('hidden')}
      >
        ×
      </button>
    </div>
  );
}
