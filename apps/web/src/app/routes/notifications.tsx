import { t } from '@lingui/core/macro';
import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';
import { useUserId } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /notifications, behind RequireAuth: the bell's page. */
export function Component() {
  useDocumentTitle(t`Notifications`);
  const userId = useUserId();
  return userId ? <NotificationsPage userId={userId} /> : null;
}
