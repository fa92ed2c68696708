import { t } from '@lingui/core/macro';
import { useEffect, useRef } from 'react';
import { useOnline } from '../../lib/network-status.ts';
import './error-screen.css';

/**
 * Shown when a page fails to render (spec §2, Global elements). A failure while offline is most
 * likely the connection: the page reloads by itself once it is back.
 */
export function ErrorScreen() {
  const online = useOnline();
  const sawOffline = useRef(!online);
  useEffect(() => {
    if (!online) sawOffline.current = true;
    else if (sawOffline.current) window.location.reload();
  }, [online]);
  return (
    <div className="error-screen" role="alert">
      <h1>{t`Something went wrong`}</h1>
      <p>{t`We couldn't show this page. You can try:`}</p>
      <ul>
        <li>{t`Refreshing the page`}</li>
        <li>{t`Checking your internet connection`}</li>
        <li>{t`Logging out and logging back in`}</li>
      </ul>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t`Reload Page`}
      </button>
    </div>
  );
}
