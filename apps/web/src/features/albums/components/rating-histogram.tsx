import type { AlbumCommunity } from '@liner/shared';
import { Link } from 'react-router';
import { ListenerScore, scoreShown } from '../../../components/ui/listener-score.tsx';
import { plural, halfStarsLabel as starsLabel } from '../../../lib/catalog/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useChartMinListeners } from '../../../lib/public-config.ts';

const BUCKETS = 10;

/** "4½ stars: 3 listeners", "½ star: 1 listener". */
export function bucketLabel(bucket: number, count: number): string {
  const stars = starsLabel(bucket);
  return `${stars} ${bucket <= 1 ? 'star' : 'stars'}: ${plural(count, 'listener')}`;
}

/**
 * How the album's listeners rated it, in half stars: a bar per half star for the eye, and each
 * bar's words ("4½ stars: 3 listeners") for a screen reader; then its chart places, when it charts.
 */
export function AlbumRatings({ community }: { community: AlbumCommunity }) {
  const counts = Array.from({ length: BUCKETS }, (_, bucket) => community.histogram[bucket] ?? 0);
  const most = Math.max(1, ...counts);
  const { listeners, ranks } = community;
  const minListeners = useChartMinListeners(listeners.count > 0);
  return (
    <section className="album-side-section album-ratings" aria-labelledby="album-ratings-heading">
      <h2 id="album-ratings-heading">Ratings</h2>
      {listeners.count === 0 ? (
        <p className="muted">Nobody has rated this album yet.</p>
      ) : (
        <>
          <p className="album-ratings__summary">
            {/* The score with its listeners once enough rated it, else how many did so far. */}
            {scoreShown(listeners, minListeners) ? (
              <ListenerScore listeners={listeners} className="album-ratings__score" />
            ) : (
              <span>{plural(listeners.count, 'listener')}</span>
            )}
          </p>
          <ol className="histogram" aria-label="Listeners by rating">
            {counts.map((count, bucket) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the buckets are fixed positions, ½★ to 5★
              <li key={bucket} className="histogram__bucket">
                <span className="histogram__bar-box" aria-hidden="true">
                  <span
                    className={count > 0 ? 'histogram__bar' : 'histogram__bar histogram__bar--empty'}
                    style={{ height: `${count > 0 ? Math.max(4, (count / most) * 100) : 0}%` }}
                  />
                </span>
                <span className="histogram__label" aria-hidden="true">
                  {bucket % 2 === 1 ? starsLabel(bucket) : ''}
                </span>
                <span className="visually-hidden">{bucketLabel(bucket, count)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      {(ranks.year || ranks.genre) && (
        <ul className="album-ranks">
          {ranks.year && (
            <li>
              <Link to={paths.charts(`year=${ranks.year.year}`)}>
                Ranked #{ranks.year.rank} of {ranks.year.year}
              </Link>
            </li>
          )}
          {ranks.genre && (
            <li>
              <Link to={paths.charts(new URLSearchParams({ genre: ranks.genre.slug }).toString())}>
                #{ranks.genre.rank} in {ranks.genre.name}
              </Link>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
