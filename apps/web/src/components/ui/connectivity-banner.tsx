import { BACK_ONLINE_BANNER_MS } from '@liner/shared';
import { useEffect, useRef, useState } from 'react';
import './connectivity-banner.css';

type Status = 'hidden' | 'offline' | 'online';

export const OFFLINE_MESSAGE = 'You are currently offline. Some features may not be available.';
export const ONLINE_MESSAGE = 'You are back online! Content will now update automatically.';

/**
 * Bottom banner for connectivity (spec §4): red while offline; green for 5 seconds when the
 * connection returns, but only after an offline state was seen.
 */
export function ConnectivityBanner() {
  const [status, setStatus] = useState<Status>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'hidden',
  );
  const sawOffline = useRef(status === 'offline');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const goOffline = () => {
      clearTimeout(timer);
      sawOffline.current = true;
      setStatus('offline');
    };
    const goOnline = () => {
      if (!sawOffline.current) return;
      setStatus('online');
      clearTimeout(timer);
      timer = setTimeout(() => setStatus('hidden'), BACK_ONLINE_BANNER_MS);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  if (status === 'hidden') return null;
  return (
    <div className={`connectivity-banner connectivity-banner--${status}`} role="status" aria-live="polite">
      <span>{status === 'offline' ? OFFLINE_MESSAGE : ONLINE_MESSAGE}</span>
      <button
        type="button"
        className="connectivity-banner__close"
        aria-label="Close"
        onClick={() => setStatus('hidden')}
      >
        ×
      </button>
    </div>
  );
}
