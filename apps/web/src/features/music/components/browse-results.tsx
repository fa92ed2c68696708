import { SEARCH_PAGE_SIZE } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { SkeletonCards, SkeletonState } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useBrowseAlbums } from '../api/browse-albums.ts';
import type { DiscoverFilters } from '../discover-filters.ts';

/**
 * The filtered albums, a page at a time: Previous and Next (Next while the server says more
 * follow); the page is in the address like the filters, so Back returns to it.
 */
export function BrowseResults({
  filters,
  page,
  onPage,
  onClear,
}: {
  filters: DiscoverFilters;
  page: number;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const albums = useBrowseAlbums(filters, page, true);
  if (albums.isPending) {
    return (
      <SkeletonState fetchStatus={albums.fetchStatus}>
        <SkeletonCards count={SEARCH_PAGE_SIZE} layout="grid" />
      </SkeletonState>
    );
  }
  if (albums.isError) {
    const reason = userMessage(albums.error, t`Please try again.`);
    return (
      <p className="form-error" role="alert">
        {t`Failed to load albums: ${reason}`}
      </p>
    );
  }
  const { albums: list, hasMore } = albums.data;
  if (list.length === 0) {
    return (
      <div className="discover-empty">
        <p>{page > 1 ? t`There are no more albums for these filters.` : t`No albums match these filters.`}</p>
        <button type="button" className="btn" onClick={onClear}>
          {t`Clear filters`}
        </button>
      </div>
    );
  }
  return (
    <>
      <div className="album-grid" aria-busy={albums.isPlaceholderData}>
        {list.map((album) => (
          <AlbumCard key={album.id} album={album} />
        ))}
      </div>
      {/* One page of results needs no paging. */}
      {(page > 1 || hasMore) && (
        <nav className="pager" aria-label={t`Pages`}>
          <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t`Previous`}
          </button>
          <span>{t`Page ${page}`}</span>
          <button
            type="button"
            className="btn"
            disabled={!hasMore || albums.isPlaceholderData}
            onClick={() => onPage(page + 1)}
          >
            {t`Next`}
          </button>
        </nav>
      )}
    </>
  );
}
