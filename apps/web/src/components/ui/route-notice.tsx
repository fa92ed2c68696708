import { t } from '@lingui/core/macro';
import { useLocation, useNavigate } from 'react-router';
import './route-notice.css';

/** What a redirect may carry to explain itself on the page it lands on. */
export interface NoticeState {
  notice: string;
}

export const withNotice = (notice: string): NoticeState => ({ notice });

/**
 * The reason a redirect brought the visitor here (e.g. 'User not found' on /), from the history
 * entry's state; closing it clears the state, so Back and reload do not bring it back.
 */
export function RouteNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const notice =
    state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
  if (!notice) return null;
  return (
    <div className="route-notice" role="status">
      <span>{notice}</span>
      <button
        type="button"
        className="route-notice__close"
        aria-label={t`Dismiss`}
        onClick={() =>
          navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null })
        }
      >
        ×
      </button>
    </div>
  );
}
