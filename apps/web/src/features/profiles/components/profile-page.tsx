import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useProfile } from '../api/get-profile.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { ProfileHeader, ProfileLoadError } from './profile-header.tsx';
import './profile-header.css';

export interface ProfileContext {
  userId: string;
  isOwner: boolean;
}

/**
 * /profile/:username (spec §2). Other features fill it in: `counts` (follows, which move at once
 * when someone follows), `follow` (the button a signed-in visitor sees), `tabs` and `columns`.
 */
export function ProfilePage({
  username,
  counts,
  follow,
  tabs,
  columns,
}: {
  username: string;
  counts?: { followerCount: number; followingCount: number };
  follow: (userId: string) => ReactNode;
  tabs: ReactNode;
  columns: (context: ProfileContext) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const profile = useProfile(username);
  const isOwner = Boolean(user && profile.data && profile.data.userId === user.id);
  const me = useMyProfile(isOwner);
  useDocumentTitle(profile.data?.displayName ?? username);

  if (profile.isPending) return <div className="center-state">Loading...</div>;
  if (profile.isError) {
    // Not found: visitors go home (spec §2). Anything else shows the error header.
    if (profile.error instanceof ApiRequestError && profile.error.status === 404)
      return <Navigate to={paths.home()} replace />;
    return (
      <div className="page">
        <ProfileLoadError />
      </div>
    );
  }
  const data = profile.data;
  // The stored name wins: a differently-cased or old link goes to the canonical address.
  if (data.displayName !== username) {
    return <Navigate to={paths.profile(data.displayName, params.toString())} replace />;
  }
  if (isOwner && me.data?.setupComplete === false) return <Navigate to={paths.profileSetup()} replace />;

  const shown = counts ? { ...data, followerCount: counts.followerCount, followingCount: counts.followingCount } : data;
  const notSetUp = !data.bio.trim() || !data.pictureUrl;
  const editing = isOwner && params.get('edit') === '1' && me.data;
  const openEditor = () => setParams({ edit: '1' }, { replace: true });

  return (
    <div className="page">
      <ProfileHeader
        profile={shown}
        isOwner={isOwner}
        actions={
          isOwner ? (
            <button type="button" className="btn btn-primary" onClick={openEditor}>
              {notSetUp ? 'Complete Profile Setup' : 'Edit Profile'}
            </button>
          ) : user ? (
            follow(data.userId)
          ) : null
        }
      />
      {isOwner && notSetUp && (
        <p className="profile-hint">
          Your profile is not fully set up yet. Click "Edit Profile" to complete your profile.
        </p>
      )}
      {tabs}
      <div className="profile-columns">{columns({ userId: data.userId, isOwner })}</div>
      {editing && me.data && (
        <EditProfileDialog
          profile={me.data}
          onClose={(saved) => {
            if (saved && saved.displayName !== data.displayName) {
              // A new name is a new address: go there first, then reload the profile.
              navigate(paths.profile(saved.displayName), { replace: true });
            } else setParams({}, { replace: true });
            // A changed profile reloads (spec §4).
            if (saved) void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
          }}
        />
      )}
    </div>
  );
}
