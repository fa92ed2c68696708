import { useState } from 'react';
import { useParams } from 'react-router';
import { useFollowState } from '../../features/follows/api/get-follow-state.ts';
import { FollowButton } from '../../features/follows/components/follow-button.tsx';
import { useUserCollection } from '../../features/library/api/get-user-collection.ts';
import { ProfileDiary } from '../../features/library/components/profile-diary.tsx';
import { ProfileMusic } from '../../features/library/components/profile-music.tsx';
import { ProfileLists } from '../../features/lists/components/profile-lists.tsx';
import { LikedSection } from '../../features/posts/components/liked-section.tsx';
import { PostTabs, type ProfileSection } from '../../features/posts/components/post-tabs.tsx';
import { PostsSection } from '../../features/posts/components/posts-section.tsx';
import { useProfile } from '../../features/profiles/api/get-profile.ts';
import { ProfileOverview } from '../../features/profiles/components/profile-overview.tsx';
import { type ProfileContext, ProfilePage } from '../../features/profiles/components/profile-page.tsx';
import { ProfileSafetyMenu } from '../../features/safety/components/profile-safety-menu.tsx';
import { DiaryYearReview, FeaturedYearReview } from '../../features/year-review/components/year-review-link.tsx';

export {
  EditProfileRedirect,
  OwnProfileRedirect,
} from '../../features/profiles/components/own-profile-redirect.tsx';

/** /profile/:username: the profile, with follows, posts and the library's music filled in. */
export function Component() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const follow = useFollowState(profile.data?.userId);
  const [filter, setFilter] = useState<ProfileSection>('all');
  return (
    <ProfilePage
      username={username}
      counts={follow.data}
      follow={(shown) => <FollowButton userId={shown.userId} locked={shown.locked} />}
      menu={(shown) => <ProfileSafetyMenu profile={shown} />}
      overview={(context) => <Overview {...context} displayName={username} />}
      tabs={<PostTabs filter={filter} onChange={setFilter} />}
      columns={({ userId, isOwner }) => (
        <>
          {filter === 'diary' ? (
            <ProfileDiary
              userId={userId}
              isOwner={isOwner}
              lead={<DiaryYearReview displayName={username} isOwner={isOwner} />}
            />
          ) : filter === 'media' ? (
            <ProfileLists userId={userId} isOwner={isOwner} />
          ) : filter === 'likes' ? (
            <LikedSection userId={userId} isOwner={isOwner} />
          ) : (
            <PostsSection userId={userId} isOwner={isOwner} filter={filter} onFilterChange={setFilter} />
          )}
          <ProfileMusic userId={userId} isOwner={isOwner} />
        </>
      )}
    />
  );
}

/** The year in music in December and January, the shelf and stats; the owner picks favourites from their collection too (the Music grid's query). */
function Overview({ userId, isOwner, displayName }: ProfileContext & { displayName: string }) {
  const collection = useUserCollection(userId);
  return (
    <>
      <FeaturedYearReview displayName={displayName} isOwner={isOwner} />
      <ProfileOverview userId={userId} isOwner={isOwner} collection={isOwner ? collection.data : undefined} />
    </>
  );
}
