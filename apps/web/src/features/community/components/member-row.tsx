import type { Member } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { MemberAction } from '../api/moderate-member.ts';
import { formatDay } from './format.ts';

/**
 * One account in the members list: who, since when, how active, and what an admin may do. Admins
 * and yourself get no actions (the server refuses them anyway).
 */
export function MemberRow({
  member,
  isYou,
  busy,
  onAction,
}: {
  member: Member;
  isYou: boolean;
  busy: boolean;
  onAction: (action: MemberAction) => void;
}) {
  const moderatable = !isYou && member.role !== 'admin';
  const name = member.displayName;
  const joined = formatDay(member.joinedAt);
  const suspended = member.suspendedAt ? formatDay(member.suspendedAt) : null;
  const posts = member.postCount;
  const ratings = member.ratingCount;
  return (
    <li className="community-item">
      <div className="community-item__main">
        <div className="community-item__heading">
          <h3 className="community-item__title">
            <Link to={paths.profile(member.displayName)}>{member.displayName}</Link>
          </h3>
          {isYou && <span className="community-badge">{t`You`}</span>}
          {member.role === 'admin' && <span className="community-badge community-badge--admin">{t`Admin`}</span>}
          {suspended && (
            <span className="community-badge community-badge--danger">{t`Suspended since ${suspended}`}</span>
          )}
        </div>
        <p className="community-item__line">
          <span className="community-item__email">{member.email}</span>{' '}
          <span className={member.emailVerified ? 'community-verified' : 'community-unverified'}>
            {member.emailVerified ? t`verified` : t`not verified`}
          </span>
        </p>
        <p className="community-item__meta">
          <span>{t`Joined ${joined}`}</span>
          <span>{plural(posts, { one: '# post', other: '# posts' })}</span>
          <span>{plural(ratings, { one: '# rating', other: '# ratings' })}</span>
        </p>
      </div>
      {moderatable && (
        <div className="community-item__actions">
          {member.suspendedAt ? (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => onAction('lift')}
              aria-label={t`Lift suspension of ${name}`}
            >
              {t`Lift suspension`}
            </button>
          ) : (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => onAction('suspend')}
              aria-label={t`Suspend ${name}`}
            >
              {t`Suspend`}
            </button>
          )}
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => onAction('delete')}
            aria-label={t`Delete account of ${name}`}
          >
            {t`Delete account`}
          </button>
        </div>
      )}
    </li>
  );
}
