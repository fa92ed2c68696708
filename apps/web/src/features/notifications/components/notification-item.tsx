import type { Notification } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { BlockButton } from '../../../components/safety/block-button.tsx';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatRelativeDate } from '../../../lib/relative-date.ts';

/** Where a notification leads: the list, the post's own page, or the follower's profile. */
function targetOf(notification: Notification): string {
  const { subject, actor } = notification;
  if (notification.kind === 'follow_requested') return paths.followRequests();
  if (!actor) return paths.notifications();
  if (!subject) return paths.profile(actor.displayName);
  return subject.type === 'list' ? paths.list(subject.id) : paths.post(subject.id);
}

/**
 * What happened, as one message: the actor's name is its tag 0 (linked to their profile) and what
 * they did is tag 1 (linked to where it happened). A handled report has no actor, and no tags.
 */
function sentence(notification: Notification, actor: string): string {
  const title = notification.subject?.title ?? '';
  const list = notification.subject?.type === 'list';
  switch (notification.kind) {
    case 'followed':
      return t`<0>${actor}</0> <1>followed you</1>`;
    case 'follow_requested':
      return t`<0>${actor}</0> <1>asked to follow you</1>`;
    case 'follow_accepted':
      return t`<0>${actor}</0> <1>approved your follow request</1>`;
    case 'report_handled':
      return t`A moderator reviewed your report. Thank you for helping keep liner safe.`;
    case 'liked':
      return list
        ? t`<0>${actor}</0> <1>liked your list “${title}”</1>`
        : t`<0>${actor}</0> <1>liked your post “${title}”</1>`;
    case 'commented':
      return list
        ? t`<0>${actor}</0> <1>commented on your list “${title}”</1>`
        : t`<0>${actor}</0> <1>commented on your post “${title}”</1>`;
  }
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
            {richText(sentence(notification, ''), [() => null, (words) => words])}
            {!notification.read && <span className="visually-hidden"> {t`(new)`}</span>}
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
          {richText(sentence(notification, actor.displayName), [
            () => (
              <Link to={paths.profile(actor.displayName)} className="notification__actor">
                {actor.displayName}
              </Link>
            ),
            (words) => <Link to={targetOf(notification)}>{words}</Link>,
          ])}
          {!notification.read && <span className="visually-hidden"> {t`(new)`}</span>}
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
