import { RouteNotice } from '../../components/ui/route-notice.tsx';
import { RecentActivity, YourFeed } from '../../features/feed/components/home-feed.tsx';
import { TopMusic } from '../../features/music/components/top-music.tsx';
import { FeaturedPlaylistsCarousel } from '../../features/playlists/components/featured-playlists-carousel.tsx';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './home.css';

/**
 * Music home (spec §2). A visitor gets the spec's hero, then Featured Playlists (when any), Top
 * Albums and Top Songs, then everyone's recent activity; a signed-in user's page leads with their
 * feed instead of the hero (issue #17).
 */
export function Component() {
  useDocumentTitle('Discover. Rate. Share.');
  const { user, isLoading } = useSession();
  return (
    <>
      {/* Why a redirect landed here, e.g. 'User not found' from an unknown profile. */}
      <RouteNotice />
      {/* The hero also holds the place while the session check is out: the shell never waits for it. */}
      {user ? <YourFeed userId={user.id} /> : <Hero />}
      <TopMusic featured={<FeaturedPlaylistsCarousel />} />
      {!user && !isLoading && <RecentActivity />}
    </>
  );
}

function Hero() {
  return (
    <section className="hero">
      <h1 className="hero__title">Discover. Rate. Share.</h1>
      <p className="hero__lead">Rate every song, keep your collection, and see what everyone is listening to.</p>
      <button
        type="button"
        className="btn btn-primary hero__cta"
        onClick={() => document.getElementById('top-music')?.scrollIntoView({ behavior: 'smooth' })}
      >
        Explore Top Music
      </button>
    </section>
  );
}
