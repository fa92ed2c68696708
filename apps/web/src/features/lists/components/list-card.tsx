import type { ListSummary } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { VisibilityBadge } from '../../../components/visibility/visibility-badge.tsx';
import { paths } from '../../../lib/paths.ts';
import './lists.css';

/** "1 album", "12 songs": how many entries a list holds, in the page's language. */
export const entriesLabel = (list: Pick<ListSummary, 'kind' | 'entriesCount'>) => {
  const count = list.entriesCount;
  return list.kind === 'album'
    ? plural(count, { one: '# album', other: '# albums' })
    : plural(count, { one: '# song', other: '# songs' });
};

/** Up to four covers of a list's first entries, or the sample gradient while it has none. */
export function ListCovers({ covers }: { covers: string[] }) {
  if (covers.length === 0) return <div className="list-card__art" aria-hidden="true" />;
  return (
    <div className={`list-covers list-covers--${Math.min(covers.length, 4)}`} aria-hidden="true">
      {covers.slice(0, 4).map((src, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same album's cover may repeat in a song list
        <img key={i} src={src} alt="" loading="lazy" decoding="async" width={150} height={150} />
      ))}
    </div>
  );
}

/** A list as a card: covers, its title (the link, stretched over the card), owner, size and who can see it. */
export function ListCard({ list, showOwner = true }: { list: ListSummary; showOwner?: boolean }) {
  const owner = list.userDisplayName;
  return (
    <article className="list-card">
      <ListCovers covers={list.covers} />
      <h3 className="list-card__title">
        <Link to={paths.list(list.id)} className="list-card__link">
          {list.title}
        </Link>
      </h3>
      <p className="list-card__meta">
        {showOwner && <span>{t`by ${owner}`} · </span>}
        {entriesLabel(list)}
        {list.ranked && ` · ${t`Ranked`}`} <VisibilityBadge visibility={list.visibility} />
      </p>
    </article>
  );
}

/** A grid of list cards with "Show more" while the listing has more pages. */
export function ListGrid({
  lists,
  hasMore,
  loadingMore,
  onMore,
  showOwner = true,
}: {
  lists: ListSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  showOwner?: boolean;
}) {
  return (
    <>
      <div className="list-cards">
        {lists.map((list) => (
          <ListCard key={list.id} list={list} showOwner={showOwner} />
        ))}
      </div>
      {hasMore && (
        <button type="button" className="btn lists-more" onClick={onMore} disabled={loadingMore}>
          {loadingMore ? t`Loading...` : t`Show more`}
        </button>
      )}
    </>
  );
}
