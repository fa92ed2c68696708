import { formatRelativeDate, type Notification } from '@liner/shared';
import { Link } from 'react-router';
import { BlockButton } from '../../../components/safety/block-button.tsx';
import { paths } from '../../../lib/paths.ts';

/** Where a notification leads: the list, the post's own page, or the follower's profile. */
function targetOf(notification: Notification): string {
  const { subject, actor } = notification;
  if (notification.kind === 'follow_requested') return paths.followRequests();
  if (!actor) return paths.notifications();
  if (!subject) return paths.profile(actor.displayName);
  return subject.type === 'list' ? paths.list(subject.id) : paths.post(subject.id);
}

function whatHappened(notification: Notification): string {
  const { subject } = notification;
  const what = subject ? `your ${subject.type === 'list' ? 'list' : 'post'} “${subject.title}”` : '';
  if (notification.kind === 'followed') return 'followed you';
  if (notification.kind === 'follow_requested') return 'asked to follow you';
  if (notification.kind === 'follow_accepted') return 'approved your follow request';
  if (notification.kind === 'report_handled')
    return 'A moderator reviewed your report. Thank you for helping keep liner safe.';
  if (notification.kind === 'liked') return `liked ${what}`;
  return `commented on ${what}`;
}

/** One line of the bell's page: who, what, when, and the start of a comment. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { actor } = notification;
  if (!actor) {
    return (
      <li className={notification.read ? 'notification' : 'notification notification--unread'}>
        <span className="avatar avatar--initial" aria-hidden="true">
          !
        </span>
        <div className="notification__body">
          <p>
            {whatHappened(notification)}
            {!notification.read && <span className="visually-hidden"> (new)</span>}
          </p>
          <time className="notification__time" dateTime={notification.createdAt}>
            {formatRelativeDate(notification.createdAt)}
          </time>
        </div>
      </li>
    );
  }
  return (
    <li className={notification.read ? 'notification' : 'notification notification--unread'}>
      {actor.pictureUrl ? (
        <img className="avatar" src={actor.pictureUrl} alt="" width={40} height={40} />
      ) : (
        <span className="avatar avatar--initial" aria-hidden="true">
          {actor.displayName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="notification__body">
        <p>
          <Link to={paths.profile(actor.displayName)} className="notification__actor">
            {actor.displayName}
          </Link>{' '}
          <Link to={targetOf(notification)}>{whatHappened(notification)}</Link>
          {!notification.read && <span className="visually-hidden"> (new)</span>}
        </p>
        {notification.excerpt && <p className="notification__excerpt">{notification.excerpt}</p>}
        <time className="notification__time" dateTime={notification.createdAt}>
          {formatRelativeDate(notification.createdAt)}
        </time>
      </div>
      <BlockButton
        userId={actor.userId}
        displayName={actor.displayName}
        className="btn btn-ghost notification__block"
      />
    </li>
  );
}
