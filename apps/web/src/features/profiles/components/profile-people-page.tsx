import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ProfileGate } from './profile-gate.tsx';
import './profile-header.css';

export type PeopleKind = 'followers' | 'following';

/** The page's heading and title, in the page's language (read when shown, ADR 56). */
function title(which: PeopleKind, name: string): string {
  return which === 'followers' ? t`${name}'s followers` : t`Followed by ${name}`;
}

const backTo = (name: string) => t`Back to ${name}`;
const followersCount = (count: number) => plural(count, { one: '# Follower', other: '# Followers' });
const followingCount = (count: number) => plural(count, { one: '# Following', other: '# Following' });

/**
 * /profile/:username/followers and /following: the frame (heading, the way back to the profile);
 * `list` is the people, filled in by the follows feature.
 */
export function ProfilePeoplePage({
  username,
  which,
  list,
}: {
  username: string;
  which: PeopleKind;
  list: (userId: string) => ReactNode;
}) {
  useDocumentTitle(title(which, username));
  return (
    <ProfileGate username={username} addressOf={(name) => paths.people(name, which)}>
      {(profile) => (
        <div className="page profile-people">
          <p className="profile-people__back">
            <Link to={paths.profile(profile.displayName)}>← {backTo(profile.displayName)}</Link>
          </p>
          <h1>{title(which, profile.displayName)}</h1>
          <nav aria-label={t`Lists of people`} className="profile-people__switch">
            <Link
              to={paths.people(profile.displayName, 'followers')}
              aria-current={which === 'followers' ? 'page' : undefined}
            >
              {followersCount(profile.followerCount)}
            </Link>
            <Link
              to={paths.people(profile.displayName, 'following')}
              aria-current={which === 'following' ? 'page' : undefined}
            >
              {followingCount(profile.followingCount)}
            </Link>
          </nav>
          {list(profile.userId)}
        </div>
      )}
    </ProfileGate>
  );
}
