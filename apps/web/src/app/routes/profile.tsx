import { Navigate, useParams } from 'react-router';
import { useProfile } from '../../features/profiles/api/get-profile.ts';
import { useMyProfile } from '../../features/profiles/api/my-profile.ts';
import { ProfileHeader, ProfileLoadError } from '../../features/profiles/components/profile-header.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /profile: the own profile, or log-in for visitors (spec §2). */
export function OwnProfileRedirect() {
  const { user } = useSession();
  const me = useMyProfile(Boolean(user));
  if (!user) return <Navigate to="/login" replace />;
  if (me.isPending) return <div className="center-state">Loading...</div>;
  const name = me.data?.displayName ?? user.name;
  return <Navigate to={`/profile/${encodeURIComponent(name)}`} replace />;
}

export function Component() {
  const { username = '' } = useParams();
  const { user } = useSession();
  const profile = useProfile(username);
  const isOwner = Boolean(user && profile.data && profile.data.userId === user.id);
  const me = useMyProfile(isOwner);
  useDocumentTitle(profile.data?.displayName ?? username);

  if (profile.isPending) return <div className="center-state">Loading...</div>;
  if (profile.isError) {
    // Not found: visitors go home (spec §2). Anything else shows the error header.
    if (profile.error instanceof ApiRequestError && profile.error.status === 404) return <Navigate to="/" replace />;
    return (
      <div className="page">
        <ProfileLoadError />
      </div>
    );
  }
  const data = profile.data;
  // The stored name wins: a differently-cased or old link goes to the canonical address.
  if (data.displayName !== username)
    return <Navigate to={`/profile/${encodeURIComponent(data.displayName)}`} replace />;
  if (isOwner && me.data?.setupComplete === false) return <Navigate to="/profile-setup" replace />;

  const notSetUp = !data.bio.trim() || !data.pictureUrl;
  return (
    <div className="page">
      <ProfileHeader profile={data} isOwner={isOwner} />
      {isOwner && notSetUp && (
        <p className="profile-hint">
          Your profile is not fully set up yet. Click "Edit Profile" to complete your profile.
        </p>
      )}
    </div>
  );
}
