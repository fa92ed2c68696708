import { TabRow } from '../../../components/ui/tabs.tsx';
import type { PostFilter } from '../api/get-user-posts.ts';

type Section = PostFilter | 'media' | 'likes';

const TABS: { value: Section; label: string; disabled?: boolean }[] = [
  { value: 'all', label: 'Posts' },
  { value: 'note', label: 'Notes' },
  { value: 'review', label: 'Reviews' },
  // Not built yet: shown, and announced as unavailable.
  { value: 'media', label: 'Media', disabled: true },
  { value: 'likes', label: 'Likes', disabled: true },
];

/** The profile's section tabs; Media and Likes are not built yet and stay disabled. */
export function PostTabs({ filter, onChange }: { filter: PostFilter; onChange: (filter: PostFilter) => void }) {
  return (
    <TabRow<Section>
      label="Profile sections"
      tabs={TABS}
      value={filter}
      onChange={(section) => {
        if (section !== 'media' && section !== 'likes') onChange(section);
      }}
    />
  );
}
