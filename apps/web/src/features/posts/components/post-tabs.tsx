import { TabRow } from '../../../components/ui/tabs.tsx';
import type { PostFilter } from '../api/get-user-posts.ts';

/** The posts' filters, and the other features' tabs the profile route shows instead of posts. */
export type ProfileSection = PostFilter | 'diary' | 'media' | 'likes';

const TABS: { value: ProfileSection; label: string; disabled?: boolean }[] = [
  { value: 'all', label: 'Posts' },
  { value: 'note', label: 'Notes' },
  { value: 'review', label: 'Reviews' },
  { value: 'diary', label: 'Diary' },
  // The person's lists, under the spec's name for the tab.
  { value: 'media', label: 'Media' },
  { value: 'likes', label: 'Likes' },
];

/** The profile's section tabs. */
export function PostTabs({ filter, onChange }: { filter: ProfileSection; onChange: (filter: ProfileSection) => void }) {
  return <TabRow<ProfileSection> label="Profile sections" tabs={TABS} value={filter} onChange={onChange} />;
}
