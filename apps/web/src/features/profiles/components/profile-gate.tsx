import { PROFILE_UNAVAILABLE, type ProfileView } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { withNotice } from '../../../components/ui/route-notice.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useProfile } from '../api/get-profile.ts';
import { ProfileHeaderSkeleton, ProfileLoadError } from './profile-header.tsx';
import './profile-header.css';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';

/**
 * Resolves /profile/:username (and the pages under it) to a profile: the header's skeleton first; an
 * unknown name goes home saying 'User not found' (spec §2 and §8); another spelling of the name
 * goes to the stored one, at `addressOf` that name.
 */
export function ProfileGate({
  username,
  addressOf,
  children,
}: {
  username: string;
  addressOf: (displayName: string, query: string) => string;
  children: (profile: ProfileView) => ReactNode;
}) {
  const [params] = useSearchParams();
  const profile = useProfile(username);
  if (profile.isPending) {
    return (
      <SkeletonState fetchStatus={profile.fetchStatus} className="center-state">
        <div className="page">
          <ProfileHeaderSkeleton />
        </div>
      </SkeletonState>
    );
  }
  if (profile.isError) {
    // Someone its owner blocked: the profile stays where it is, unavailable (never 'not found').
    if (profile.error instanceof ApiRequestError && profile.error.code === 'PROFILE_UNAVAILABLE') {
      return (
        <div className="page">
          <div className="center-state">
            <h1>{PROFILE_UNAVAILABLE}</h1>
          </div>
        </div>
      );
    }
    if (profile.error instanceof ApiRequestError && profile.error.status === 404) {
      return <Navigate to={paths.home()} replace state={withNotice(t`User not found`)} />;
    }
    return (
      <div className="page">
        <ProfileLoadError />
      </div>
    );
  }
  if (profile.data.displayName !== username) {
    return <Navigate to={addressOf(profile.data.displayName, params.toString())} replace />;
  }
  return children(profile.data);
}
