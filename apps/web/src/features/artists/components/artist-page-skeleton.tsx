import { SkeletonBlock, SkeletonCards } from '../../../components/ui/skeleton.tsx';
import './artist-page.css';

/** The artist page's shape while it loads: the name, a grid of cards and the top songs. */
export function ArtistPageSkeleton() {
  return (
    <div className="page artist-page" aria-hidden="true">
      <header className="artist-header">
        <SkeletonBlock className="skeleton--text" style={{ width: '4rem' }} />
        <SkeletonBlock className="skeleton--text" style={{ width: 'min(24rem, 80%)', height: '2.5rem' }} />
      </header>
      <div className="artist-layout">
        <div className="artist-discography">
          <SkeletonBlock className="skeleton--text" style={{ width: '6rem', height: '1.4rem', margin: '1rem 0' }} />
          <SkeletonCards count={6} layout="grid" />
        </div>
        <div className="artist-top-songs">
          <SkeletonBlock className="skeleton--text" style={{ width: '7rem', height: '1.4rem', margin: '1rem 0' }} />
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <SkeletonBlock key={index} className="skeleton--text" style={{ width: '100%', height: '3rem' }} />
          ))}
        </div>
      </div>
    </div>
  );
}
