import type { ProfileView } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ReportButton } from '../../../components/moderation/report-button.tsx';
import { paths } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';
import { ProfileGate } from './profile-gate.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { SetupHint } from './setup-hint.tsx';
import './profile-header.css';

export interface ProfileContext {
  userId: string;
  isOwner: boolean;
}

export interface ProfileSlots {
  /** Follows, which move at once when someone follows. */
  counts?: { followerCount: number; followingCount: number };
  /** The button a signed-in visitor sees (not across a block). */
  follow: (profile: ProfileView) => ReactNode;
  /** Beside it: the visitor's menu of what they may do about this person (mute, block). */
  menu?: (profile: ProfileView) => ReactNode;
  /** Under the header, before the tabs: the favourites shelf and the stats. */
  overview?: (context: ProfileContext) => ReactNode;
  tabs: ReactNode;
  columns: (context: ProfileContext) => ReactNode;
}

/** /profile/:username (spec §2). Other features fill in the slots. */
export function ProfilePage({ username, ...slots }: { username: string } & ProfileSlots) {
  useDocumentTitle(username);
  return (
    <ProfileGate username={username} addressOf={paths.profile}>
      {(profile) => <LoadedProfile profile={profile} {...slots} />}
    </ProfileGate>
  );
}

function LoadedProfile({
  profile: data,
  counts,
  follow,
  menu,
  overview,
  tabs,
  columns,
}: { profile: ProfileView } & ProfileSlots) {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isOwner = Boolean(user && data.userId === user.id);
  const me = useMyProfile(isOwner);

  if (isOwner && me.data?.setupComplete === false) return <Navigate to={paths.profileSetup()} replace />;

  const shown = counts ? { ...data, followerCount: counts.followerCount, followingCount: counts.followingCount } : data;
  const missing = { picture: !data.pictureUrl, bio: !data.bio.trim() };
  const notSetUp = missing.picture || missing.bio;
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
              {notSetUp ? t`Complete Profile Setup` : t`Edit Profile`}
            </button>
          ) : user ? (
            <>
              {!data.blockedByMe && follow(data)}
              <ReportButton subjectType="user" subjectId={data.userId} what={t`${data.displayName}'s profile`} />
              {menu?.(data)}
            </>
          ) : null
        }
      />
      {isOwner && notSetUp && <SetupHint userId={data.userId} missing={missing} />}
      {isOwner || data.canSeeContent ? (
        <>
          {overview?.({ userId: data.userId, isOwner })}
          {tabs}
          <div className="profile-columns">{columns({ userId: data.userId, isOwner })}</div>
        </>
      ) : (
        <ClosedProfileNote profile={data} />
      )}
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

/** In place of the tabs when the visitor may not see them: a private profile, or one they blocked. */
function ClosedProfileNote({ profile }: { profile: ProfileView }) {
  const name = profile.displayName;
  return (
    <section className="profile-closed" aria-labelledby="profile-closed-heading">
      <h2 id="profile-closed-heading">{profile.blockedByMe ? t`You blocked ${name}` : t`This profile is private`}</h2>
      <p className="muted">
        {profile.blockedByMe
          ? t`Unblock them from the menu above to see their reviews, notes and lists again.`
          : profile.followRequested
            ? t`Only approved followers can see ${name}'s reviews, notes, lists, diary and music. Your request is waiting for their approval.`
            : t`Only approved followers can see ${name}'s reviews, notes, lists, diary and music.`}
      </p>
    </section>
  );
}
