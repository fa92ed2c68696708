import type { Member } from '@liner/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { MemberAction } from '../api/moderate-member.ts';
import { formatDay } from './format.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

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
  return (
    <li className="community-item">
      <div className="community-item__main">
        <div className="community-item__heading">
          <h3 className="community-item__title">
            <Link to={paths.profile(member.displayName)}>{member.displayName}</Link>
          </h3>
          {isYou && <span className="community-badge">You</span>}
          {member.role === 'admin' && <span className="community-badge community-badge--admin">Admin</span>}
          {member.suspendedAt && (
            <span className="community-badge community-badge--danger">
              Suspended since {formatDay(member.suspendedAt)}
            </span>
          )}
        </div>
        <p className="community-item__line">
          <span className="community-item__email">{member.email}</span>{' '}
          <span className={member.emailVerified ? 'community-verified' : 'community-unverified'}>
            {member.emailVerified ? 'verified' : 'not verified'}
          </span>
        </p>
        <p className="community-item__meta">
          <span>Joined {formatDay(member.joinedAt)}</span>
          <span>{plural(member.postCount, 'post', 'posts')}</span>
          <span>{plural(member.ratingCount, 'rating', 'ratings')}</span>
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
              aria-label={`Lift suspension of ${member.displayName}`}
            >
              Lift suspension
            </button>
          ) : (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => onAction('suspend')}
              aria-label={`Suspend ${member.displayName}`}
            >
              Suspend
            </button>
          )}
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => onAction('delete')}
            aria-label={`Delete account of ${member.displayName}`}
          >
            Delete account
          </button>
        </div>
      )}
    </li>
  );
}
