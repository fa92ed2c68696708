import { TabRow } from '../../../components/ui/tabs.tsx';
import type { PostFilter } from '../api/get-user-posts.ts';

/** The posts' filters, and the other features' tabs the profile route shows instead of posts. */
export type ProfileSection = PostFilter | 'diary' | 'likes';
type Section = ProfileSection | 'media';

const TABS: { value: Section; label: string; disabled?: boolean }[] = [
  { value: 'all', label: 'Posts' },
  { value: 'note', label: 'Notes' },
  { value: 'review', label: 'Reviews' },
  { value: 'diary', label: 'Diary' },
  // Not built yet: shown, and announced as unavailable.
  { value: 'media', label: 'Media', disabled: true },
  { value: 'likes', label: 'Likes' },
];

/** The profile's section tabs. */
export function PostTabs({ filter, onChange }: { filter: ProfileSection; onChange: (filter: ProfileSection) => void }) {
  return (
    <TabRow<Section>
      label="Profile sections"
      tabs={TABS}
      value={filter}
      onChange={(section) => {
        if (section !== 'media') onChange(section);
      }}
    />
  );
}
