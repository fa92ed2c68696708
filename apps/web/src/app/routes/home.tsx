import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { RouteNotice } from '../../components/ui/route-notice.tsx';
import { TopMusic } from '../../features/music/components/top-music.tsx';
import { FeaturedPlaylistsCarousel } from '../../features/playlists/components/featured-playlists-carousel.tsx';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './home.css';

// The feed's code is asked for as soon as the home page's is, beside it rather than inside it: the
// home route's initial JavaScript stays within its budget (DESIGN.md), and the hero, carousels and
// top lists never wait for it.
const feedCode = import('../../features/feed/components/home-feed.tsx');
const YourFeed = lazy(async () => ({ default: (await feedCode).YourFeed }));
const RecentActivity = lazy(async () => ({ default: (await feedCode).RecentActivity }));

/** Holds the feed's place (and its heading) for the moment its code is on the way. */
function FeedPlaceholder() {
  return (
    <section className="feed" aria-labelledby="your-feed-title">
      <h1 id="your-feed-title">{t`Your feed`}</h1>
      <p className="muted">{t`Loading...`}</p>
    </section>
  );
}

/**
 * Music home (spec §2). A visitor gets the spec's hero, then Featured Playlists (when any), Top
 * Albums and Top Songs, then everyone's recent activity; a signed-in user's page leads with their
 * feed instead of the hero.
 */
export function Component() {
  useDocumentTitle(t`Discover. Rate. Share.`);
  const { user, isLoading } = useSession();
  return (
    <>
      {/* Why a redirect landed here, e.g. 'User not found' from an unknown profile. */}
      <RouteNotice />
      {/* The hero also holds the place while the session check is out: the shell never waits for it. */}
      {user ? (
        <Suspense fallback={<FeedPlaceholder />}>
          <YourFeed userId={user.id} />
        </Suspense>
      ) : (
        <Hero />
      )}
      <TopMusic featured={<FeaturedPlaylistsCarousel />} />
      {!user && !isLoading && (
        <Suspense fallback={null}>
          <RecentActivity />
        </Suspense>
      )}
    </>
  );
}

function Hero() {
  return (
    <section className="hero">
      <h1 className="hero__title">{t`Discover. Rate. Share.`}</h1>
      <p className="hero__lead">{t`Rate every song, keep your collection, and see what everyone is listening to.`}</p>
      <button
        type="button"
        className="btn btn-primary hero__cta"
        onClick={() => document.getElementById('top-music')?.scrollIntoView({ behavior: 'smooth' })}
      >
        {t`Explore Top Music`}
      </button>
    </section>
  );
}
