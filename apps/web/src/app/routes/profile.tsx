import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFollowState } from '../../features/follows/api/follow.ts';
import { FollowButton } from '../../features/follows/components/follow-button.tsx';
import { ProfileMusic } from '../../features/library/components/profile-music.tsx';
import type { PostFilter } from '../../features/posts/api/posts.ts';
import { PostsSection } from '../../features/posts/components/posts-section.tsx';
import { useProfile } from '../../features/profiles/api/get-profile.ts';
import { useMyProfile } from '../../features/profiles/api/my-profile.ts';
import { EditProfileDialog } from '../../features/profiles/components/edit-profile-dialog.tsx';
import { ProfileHeader, ProfileLoadError } from '../../features/profiles/components/profile-header.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/tabs.css';

/** /profile: the own profile, or log-in for visitors (spec §2). */
export function OwnProfileRedirect({ edit = false }: { edit?: boolean }) {
  const { user } = useSession();
  const me = useMyProfile(Boolean(user));
  if (!user) return <Navigate to={paths.login()} replace />;
  if (me.isPending) return <div className="center-state">Loading...</div>;
  const name = me.data?.displayName ?? user.name;
  return <Navigate to={paths.profile(name, edit ? 'edit=1' : '')} replace />;
}

/** /edit-profile (avatar menu): the own profile with the edit dialog open. */
export function EditProfileRedirect() {
  return <OwnProfileRedirect edit />;
}

const TABS: { label: string; filter?: PostFilter }[] = [
  { label: 'Posts', filter: 'all' },
  { label: 'Notes', filter: 'note' },
  { label: 'Reviews', filter: 'review' },
  { label: 'Media' },
  { label: 'Likes' },
];

export function Component() {
  const { username = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const profile = useProfile(username);
  const isOwner = Boolean(user && profile.data && profile.data.userId === user.id);
  const me = useMyProfile(isOwner);
  const follow = useFollowState(profile.data?.userId ?? '');
  const [filter, setFilter] = useState<PostFilter>('all');
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

  const shown = follow.data
    ? { ...data, followerCount: follow.data.followerCount, followingCount: follow.data.followingCount }
    : data;
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
            <FollowButton userId={data.userId} />
          ) : null
        }
      />
      {isOwner && notSetUp && (
        <p className="profile-hint">
          Your profile is not fully set up yet. Click "Edit Profile" to complete your profile.
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Profile sections">
        {TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            aria-selected={tab.filter !== undefined && tab.filter === filter}
            disabled={!tab.filter}
            onClick={() => tab.filter && setFilter(tab.filter)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="profile-columns">
        <PostsSection userId={data.userId} isOwner={isOwner} filter={filter} onFilterChange={setFilter} />
        <ProfileMusic userId={data.userId} isOwner={isOwner} />
      </div>
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
