import type { ListPage } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { ListGrid } from './list-card.tsx';

/** One listing's states: loading, failed, empty (`empty` says so), or its cards page by page. */
export function ListListing({
  query,
  empty,
  showOwner = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ListPage>>;
  empty: string;
  showOwner?: boolean;
}) {
  if (query.isPending) return <PendingState fetchStatus={query.fetchStatus} className="lists-muted" />;
  if (query.isError) {
    return (
      <p className="form-error" role="alert">
        {userMessage(query.error, t`Could not load lists. Please try again.`)}
      </p>
    );
  }
  const lists = query.data.pages.flatMap((page) => page.lists);
  if (lists.length === 0) return <p className="lists-muted">{empty}</p>;
  return (
    <ListGrid
      lists={lists}
      showOwner={showOwner}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onMore={() => query.fetchNextPage()}
    />
  );
}
