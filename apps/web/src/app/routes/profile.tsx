import { useState } from 'react';
import { useParams } from 'react-router';
import { useFollowState } from '../../features/follows/api/get-follow-state.ts';
import { FollowButton } from '../../features/follows/components/follow-button.tsx';
import { ProfileMusic } from '../../features/library/components/profile-music.tsx';
import type { PostFilter } from '../../features/posts/api/get-user-posts.ts';
import { PostTabs } from '../../features/posts/components/post-tabs.tsx';
import { PostsSection } from '../../features/posts/components/posts-section.tsx';
import { useProfile } from '../../features/profiles/api/get-profile.ts';
import { ProfilePage } from '../../features/profiles/components/profile-page.tsx';

export {
  EditProfileRedirect,
  OwnProfileRedirect,
} from '../../features/profiles/components/own-profile-redirect.tsx';

/** /profile/:username: the profile, with follows, posts and the library's music filled in. */
export function Component() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const follow = useFollowState(profile.data?.userId);
  const [filter, setFilter] = useState<PostFilter>('all');
  return (
    <ProfilePage
      username={username}
      counts={follow.data}
      follow={(userId) => <FollowButton userId={userId} />}
      tabs={<PostTabs filter={filter} onChange={setFilter} />}
      columns={({ userId, isOwner }) => (
        <>
          <PostsSection userId={userId} isOwner={isOwner} filter={filter} onFilterChange={setFilter} />
          <ProfileMusic userId={userId} isOwner={isOwner} />
        </>
      )}
    />
  );
}
