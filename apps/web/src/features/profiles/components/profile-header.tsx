import { PROFILE_PLACEHOLDER_PX, type Profile } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkeletonBlock } from '../../../components/ui/skeleton.tsx';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { AvatarImage } from './avatar-image.tsx';
import { JoinedDate } from './joined-date.tsx';
import './profile-header.css';

/** What the header says when the profile could not be loaded, in the page's language. */
export const loadErrorBio = () => t`There was a problem loading this profile. Please try refreshing the page.`;

/** Banner, avatar, name, bio and counts (spec §2, Profile page). */
export function ProfileHeader({
  profile,
  isOwner,
  actions,
}: {
  profile: Profile;
  isOwner: boolean;
  actions?: ReactNode;
}) {
  const bio = profile.bio.trim() || (isOwner ? t`Click "Edit Profile" to add your bio` : t`No bio available`);
  const name = profile.displayName;
  const followers = profile.followerCount;
  const following = profile.followingCount;
  return (
    <header className="profile-header">
      <div className="profile-header__banner" aria-hidden="true" />
      <div className="profile-header__body">
        <AvatarImage src={profile.pictureUrl} alt={t`${name}'s profile picture`} />
        <div className="profile-header__text">
          <h1>{profile.displayName}</h1>
          <p className={profile.bio.trim() ? 'profile-header__bio' : 'profile-header__bio profile-header__bio--empty'}>
            {bio}
          </p>
          {profile.locked && (
            <p className="profile-header__locked">
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24">
                <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z" />
              </svg>
              {t`Private profile`}
            </p>
          )}
          <JoinedDate createdAt={profile.createdAt} />
          <ul className="profile-header__counts">
            <li>
              <Link to={paths.people(profile.displayName, 'followers')}>
                {richText(plural(followers, { one: '<0>#</0> Follower', other: '<0>#</0> Followers' }), [
                  (words) => (
                    <span className="profile-header__count" data-testid="follower-count">
                      {words}
                    </span>
                  ),
                ])}
              </Link>
            </li>
            <li>
              <Link to={paths.people(profile.displayName, 'following')}>
                {richText(plural(following, { one: '<0>#</0> Following', other: '<0>#</0> Following' }), [
                  (words) => (
                    <span className="profile-header__count" data-testid="following-count">
                      {words}
                    </span>
                  ),
                ])}
              </Link>
            </li>
          </ul>
        </div>
        {actions && <div className="profile-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

/** What the header shows when the profile could not be loaded (spec §8). */
export function ProfileLoadError() {
  return (
    <header className="profile-header">
      <div className="profile-header__banner" aria-hidden="true" />
      <div className="profile-header__body">
        <AvatarImage src={null} alt="" />
        <div className="profile-header__text">
          <h1>{t`Error`}</h1>
          <p className="profile-header__bio">{loadErrorBio()}</p>
        </div>
      </div>
    </header>
  );
}

/** The header's shape while the profile loads: banner, avatar, name, bio and counts as grey blocks. */
export function ProfileHeaderSkeleton() {
  return (
    <div className="profile-header" aria-hidden="true">
      <div className="profile-header__banner" />
      <div className="profile-header__body">
        <SkeletonBlock
          className="avatar-image skeleton--round"
          style={{ width: PROFILE_PLACEHOLDER_PX, height: PROFILE_PLACEHOLDER_PX }}
        />
        <div className="profile-header__text">
          <SkeletonBlock
            className="skeleton--text"
            style={{ width: '12rem', height: '1.8rem', marginTop: '0.75rem' }}
          />
          <SkeletonBlock className="skeleton--text" style={{ width: '70%' }} />
          <SkeletonBlock className="skeleton--text" style={{ width: '10rem' }} />
        </div>
      </div>
    </div>
  );
}
