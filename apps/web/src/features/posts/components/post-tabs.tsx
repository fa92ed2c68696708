import type { PostFilter } from '../api/get-user-posts.ts';
import '../../../components/ui/tabs.css';

const TABS: { label: string; filter?: PostFilter }[] = [
  { label: 'Posts', filter: 'all' },
  { label: 'Notes', filter: 'note' },
  { label: 'Reviews', filter: 'review' },
  { label: 'Media' },
  { label: 'Likes' },
];

/** The profile's section tabs; the ones without a filter are not built yet and stay disabled. */
export function PostTabs({ filter, onChange }: { filter: PostFilter; onChange: (filter: PostFilter) => void }) {
  return (
    <div className="tabs" role="tablist" aria-label="Profile sections">
      {TABS.map((tab) => (
        <button
          key={tab.label}
          type="button"
          role="tab"
          aria-selected={tab.filter !== undefined && tab.filter === filter}
          disabled={!tab.filter}
          onClick={() => tab.filter && onChange(tab.filter)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
