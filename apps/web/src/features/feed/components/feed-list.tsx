import type { FeedPage } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { FeedEntryItem } from './feed-entry.tsx';
import '../../../components/ui/form.css';
import './feed.css';

/**
 * A feed's entries, newest first, with t`Load more` for the next page; `empty` when there are none.
 * A failed t`Load more` keeps the pages already shown.
 */
export function FeedList({
  query,
  empty,
  label,
}: {
  query: UseInfiniteQueryResult<InfiniteData<FeedPage>>;
  empty: ReactNode;
  /** Names the list for screen readers ("Your feed", "Recent activity"). */
  label: string;
}) {
  if (query.isPending) return <PendingState fetchStatus={query.fetchStatus} />;
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <p className="form-error" role="alert">
        {userMessage(query.error, t`Failed to load activity. Please try again.`)}
      </p>
    );
  }
  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="feed-list" aria-label={label}>
        {entries.map((entry) => (
          <FeedEntryItem key={entry.id} entry={entry} />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {userMessage(query.error, t`Failed to load more. Please try again.`)}
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn feed-list__more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t`Loading...` : t`Load more`}
        </button>
      )}
    </>
  );
}
