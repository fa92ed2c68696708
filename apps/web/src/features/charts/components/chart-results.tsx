import { t } from '@lingui/core/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { ChartSkeleton } from './chart-skeleton.tsx';

interface ChartPage<E> {
  entries: E[];
  nextCursor: string | null;
  minListeners: number;
}

/**
 * A chart's states: a skeleton while the first page comes, the failure said in words with a way to
 * try again, an empty chart explained (normal on a young site), or the ranked list with "Load more"
 * while the server has a next page. After more arrive, focus moves to the first new entry's link,
 * so someone on a keyboard continues where the list grew rather than at a button that may be gone.
 */
export function ChartResults<E extends { rank: number }>({
  query,
  noun,
  filtered,
  renderEntry,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ChartPage<E>>>;
  /** What the chart ranks. */
  noun: 'album' | 'song';
  /** True when a genre, period or type narrows the chart (the empty state then says so). */
  filtered: boolean;
  renderEntry: (entry: E) => ReactNode;
}) {
  const list = useRef<HTMLOListElement>(null);
  // The rank whose link takes the focus once it is on screen (after "Load more").
  const [focusRank, setFocusRank] = useState<number | null>(null);
  useEffect(() => {
    if (focusRank === null) return;
    const link = list.current?.querySelector<HTMLElement>(`[data-rank="${focusRank}"] a`);
    if (!link) return;
    link.focus();
    setFocusRank(null);
  });

  if (query.isPending) {
    return (
      <SkeletonState fetchStatus={query.fetchStatus}>
        <ChartSkeleton />
      </SkeletonState>
    );
  }
  if (query.isError && !query.data) {
    const reason = userMessage(query.error, t`Please try again.`);
    return (
      <div className="chart-message">
        <p className="form-error" role="alert">
          {t`Failed to load the chart: ${reason}`}
        </p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t`Try again`}
        </button>
      </div>
    );
  }

  const pages = query.data.pages;
  const entries = pages.flatMap((page) => page.entries);
  const minListeners = pages[0]?.minListeners ?? 0;
  if (entries.length === 0) {
    return (
      <div className="chart-message chart-empty">
        <h2>{noun === 'album' ? t`No albums on this chart yet` : t`No songs on this chart yet`}</h2>
        <p>
          {noun === 'album'
            ? t`An album needs ratings from at least ${minListeners} listeners to chart.`
            : t`A song needs ratings from at least ${minListeners} listeners to chart.`}{' '}
          {t`Ratings by several people are what count, so one person's five stars are not enough.`}
          {filtered && ` ${t`A wider period or another genre may show more.`}`}
        </p>
      </div>
    );
  }

  async function loadMore() {
    const before = entries.length;
    const result = await query.fetchNextPage();
    const next = result.data?.pages.flatMap((page) => page.entries)[before];
    if (next) setFocusRank(next.rank);
  }

  const nextPageFailed = query.isFetchNextPageError;
  const reason = userMessage(query.error, t`Please try again.`);
  return (
    <>
      <ol className="chart-list" ref={list}>
        {entries.map(renderEntry)}
      </ol>
      {nextPageFailed && (
        <p className="form-error" role="alert">
          {t`Failed to load more: ${reason}`}
        </p>
      )}
      {query.hasNextPage && (
        <div className="chart-more">
          {/* aria-disabled, not disabled: the button keeps the focus while the next page comes. */}
          <button
            type="button"
            className="btn"
            aria-disabled={query.isFetchingNextPage}
            onClick={() => {
              if (!query.isFetchingNextPage) void loadMore();
            }}
          >
            {query.isFetchingNextPage ? t`Loading more…` : t`Load more`}
          </button>
        </div>
      )}
    </>
  );
}
