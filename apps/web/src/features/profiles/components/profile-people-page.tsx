import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ProfileGate } from './profile-gate.tsx';
import './profile-header.css';

export type PeopleKind = 'followers' | 'following';

const TITLE: Record<PeopleKind, (name: string) => string> = {
  followers: (name) => `${name}'s followers`,
  following: (name) => `Followed by ${name}`,
};

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
  useDocumentTitle(TITLE[which](username));
  return (
    <ProfileGate username={username} addressOf={(name) => paths.people(name, which)}>
      {(profile) => (
        <div className="page profile-people">
          <p className="profile-people__back">
            <Link to={paths.profile(profile.displayName)}>← Back to {profile.displayName}</Link>
          </p>
          <h1>{TITLE[which](profile.displayName)}</h1>
          <nav aria-label="Lists of people" className="profile-people__switch">
            <Link
              to={paths.people(profile.displayName, 'followers')}
              aria-current={which === 'followers' ? 'page' : undefined}
            >
              {profile.followerCount} {profile.followerCount === 1 ? 'Follower' : 'Followers'}
            </Link>
            <Link
              to={paths.people(profile.displayName, 'following')}
              aria-current={which === 'following' ? 'page' : undefined}
            >
              {profile.followingCount} Following
            </Link>
          </nav>
          {list(profile.userId)}
        </div>
      )}
    </ProfileGate>
  );
}
