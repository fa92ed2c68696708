import { RouteNotice } from '../../components/ui/route-notice.tsx';
import { TopMusic } from '../../features/music/components/top-music.tsx';
import { FeaturedPlaylistsCarousel } from '../../features/playlists/components/featured-playlists-carousel.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './home.css';

/** Music home (spec §2): hero, then Featured Playlists (when any), Top Albums and Top Songs. */
export function Component() {
  useDocumentTitle('Discover. Rate. Share.');
  return (
    <>
      {/* Why a redirect landed here, e.g. 'User not found' from an unknown profile. */}
      <RouteNotice />
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
      <TopMusic featured={<FeaturedPlaylistsCarousel />} />
    </>
  );
}
