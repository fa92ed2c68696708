import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { NotificationItem } from './notification-item.tsx';
import './notifications.css';

/**
 * /notifications: who followed you, liked or commented on your posts and lists, newest first. What
 * the page shows is marked read once shown; the new ones keep their highlight until you leave.
 */
export function NotificationsPage({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const markRead = useMarkRead(userId);
  const items = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];
  const newest = items[0];
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (newest && unread > 0) mutate(newest.createdAt);
  }, [newest, unread, mutate]);

  return (
    <div className="notifications-page">
      <PageHeader title={t`Notifications`} subtitle={t`Follows, likes and comments on your posts and lists.`} />
      {notifications.isPending ? (
        <p className="muted">{t`Loading notifications...`}</p>
      ) : notifications.isError ? (
        <p className="form-error">{userMessage(notifications.error, t`Failed to load notifications.`)}</p>
      ) : items.length === 0 ? (
        <p className="muted">
          {t`Nothing yet. When someone follows you, or likes or comments on your posts and lists, it shows up here.`}
        </p>
      ) : (
        <>
          <ul className="notifications">
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </ul>
          {notifications.hasNextPage && (
            <button
              type="button"
              className="btn"
              disabled={notifications.isFetchingNextPage}
              onClick={() => void notifications.fetchNextPage()}
            >
              {notifications.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </>
      )}
    </div>
  );
}
