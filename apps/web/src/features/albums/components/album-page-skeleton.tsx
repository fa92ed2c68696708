import { SkeletonBlock } from '../../../components/ui/skeleton.tsx';
import './album-page.css';

const TRACK_ROWS = 10;

/** The album page's shape while it loads: the hero (cover, title, artist, rating) and track rows. */
export function AlbumPageSkeleton() {
  return (
    <div className="page album-page" aria-hidden="true">
      <section className="album-hero">
        <SkeletonBlock className="cover-image album-hero__cover" style={{ aspectRatio: '1' }} />
        <div className="album-hero__info">
          <SkeletonBlock className="skeleton--text" style={{ width: '6rem' }} />
          <SkeletonBlock className="skeleton--text" style={{ width: '60%', height: '2.5rem' }} />
          <SkeletonBlock className="skeleton--text" style={{ width: '35%', height: '1.4rem' }} />
          <SkeletonBlock className="skeleton--text" style={{ width: '12rem', height: '1.75rem' }} />
        </div>
      </section>
      <section className="tracks">
        <SkeletonBlock className="skeleton--text" style={{ width: '5rem', height: '1.3rem', margin: '1rem 0' }} />
        <ul className="track-list">
          {Array.from({ length: TRACK_ROWS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <li key={index} className="track-row">
              <SkeletonBlock className="skeleton--text" style={{ width: '1.5rem', justifySelf: 'end' }} />
              <SkeletonBlock className="skeleton--text" style={{ width: `${40 + ((index * 17) % 40)}%` }} />
              <span />
              <span />
              <SkeletonBlock className="skeleton--text" style={{ width: '7rem', height: '1.75rem' }} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
