import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFeed } from '../api/get-feed.ts';
import { useRecentActivity } from '../api/get-recent-activity.ts';
import { FeedList } from './feed-list.tsx';

/** Everyone's recent activity (public): what a visitor sees, and the way in to an empty feed. */
export function RecentActivity() {
  const recent = useRecentActivity();
  return (
    <section className="feed" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title">{t`Recent activity`}</h2>
      <FeedList query={recent} label={t`Recent activity`} empty={<p className="muted">{t`Nothing here yet.`}</p>} />
    </section>
  );
}

/**
 * The signed-in home page's lead: what the people they follow rated, reviewed, listed and
 * followed. With nobody followed yet, a pointer to people (search, and everyone's recent activity).
 */
export function YourFeed({ userId }: { userId: string }) {
  const feed = useFeed(userId);
  const empty = feed.isSuccess && feed.data.pages[0]?.entries.length === 0;
  return (
    <>
      <section className="feed" aria-labelledby="your-feed-title">
        <h1 id="your-feed-title">{t`Your feed`}</h1>
        <FeedList
          query={feed}
          label={t`Your feed`}
          empty={
            <p className="feed__empty">
              {richText(
                t`Nothing in your feed yet. Follow people to see what they rate, review and list here: find them with <0>search</0>, or in the recent activity below.`,
                [(words) => <Link to={paths.search('')}>{words}</Link>],
              )}
            </p>
          }
        />
      </section>
      {empty && <RecentActivity />}
    </>
  );
}
