import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import './notifications.css';

/** The top bar's bell: a link to /notifications, with the unread count in its name and its badge. */
export function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const badge = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to={paths.notifications()}
      className="notification-bell"
      aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
      </svg>
      {unread > 0 && (
        <span className="notification-bell__badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  );
}
