import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUserId } from '../../../lib/session.tsx';
import { usePublicLists, useUserLists } from '../api/get-lists.ts';
import { ListGrid } from './list-card.tsx';
import { ListListing } from './list-listing.tsx';
import { NewListButton } from './new-list-button.tsx';
import './lists.css';

/** The spec's sample card (§2), kept while a visitor has no lists of their own to see (ADR 33). */
function SampleCard() {
  return (
    <div className="list-cards">
      <article className="list-card">
        <div className="list-card__art" aria-hidden="true" />
        <h2>{t`Chill Vibes`}</h2>
      </article>
    </div>
  );
}

function YourLists({ userId }: { userId: string }) {
  const mine = useUserLists(userId, userId);
  if (mine.isPending || mine.isError) return <ListListing query={mine} empty="" showOwner={false} />;
  const lists = mine.data.pages.flatMap((page) => page.lists);
  if (lists.length === 0) return <SampleCard />;
  return (
    <ListGrid
      lists={lists}
      showOwner={false}
      hasMore={mine.hasNextPage}
      loadingMore={mine.isFetchingNextPage}
      onMore={() => mine.fetchNextPage()}
    />
  );
}

/**
 * /lists: 'Your Lists' with "New list" for the signed-in, then everyone's public lists,
 * newest and most liked.
 */
export function ListsHome() {
  const userId = useUserId();
  const recent = usePublicLists('recent');
  const popular = usePublicLists('popular');
  return (
    <div className="page">
      <div className="lists-section__head">
        <h1>{t`Your Lists`}</h1>
        {userId && <NewListButton />}
      </div>
      {userId ? (
        <YourLists userId={userId} />
      ) : (
        <>
          <SampleCard />
          <p className="lists-muted lists-hint">
            {richText(t`<0>Sign in</0> to make lists of your own.`, [
              (words) => <Link to={paths.login()}>{words}</Link>,
            ])}
          </p>
        </>
      )}
      <section className="lists-section" aria-labelledby="recent-lists">
        <div className="lists-section__head">
          <h2 id="recent-lists">{t`Recent lists`}</h2>
        </div>
        <ListListing query={recent} empty={t`No public lists yet.`} />
      </section>
      <section className="lists-section" aria-labelledby="popular-lists">
        <div className="lists-section__head">
          <h2 id="popular-lists">{t`Popular lists`}</h2>
        </div>
        <ListListing query={popular} empty={t`No public lists yet.`} />
      </section>
    </div>
  );
}
