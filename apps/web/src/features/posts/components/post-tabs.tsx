import { t } from '@lingui/core/macro';
import { TabRow } from '../../../components/ui/tabs.tsx';
import type { PostFilter } from '../api/get-user-posts.ts';

/** The posts' filters, and the other features' tabs the profile route shows instead of posts. */
export type ProfileSection = PostFilter | 'diary' | 'media' | 'likes';

/** The tabs, in the page's language (read when shown, ADR 56). */
const tabs = (): { value: ProfileSection; label: string; disabled?: boolean }[] => [
  { value: 'all', label: t`Posts` },
  { value: 'note', label: t`Notes` },
  { value: 'review', label: t`Reviews` },
  { value: 'diary', label: t`Diary` },
  // The person's lists, under the spec's name for the tab.
  { value: 'media', label: t`Media` },
  { value: 'likes', label: t`Likes` },
];

/** The profile's section tabs. */
export function PostTabs({ filter, onChange }: { filter: ProfileSection; onChange: (filter: ProfileSection) => void }) {
  return <TabRow<ProfileSection> label={t`Profile sections`} tabs={tabs()} value={filter} onChange={onChange} />;
}
