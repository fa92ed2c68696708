import type { AlbumCommunity } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { ListenerScore, scoreShown } from '../../../components/ui/listener-score.tsx';
import { listenersCount, halfStarsLabel as starsLabel } from '../../../lib/catalog/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useChartMinListeners } from '../../../lib/public-config.ts';

const BUCKETS = 10;

/** "4½ stars: 3 listeners", "½ star: 1 listener". */
export function bucketLabel(bucket: number, count: number): string {
  const stars = starsLabel(bucket);
  const listeners = listenersCount(count);
  return bucket <= 1 ? t`${stars} star: ${listeners}` : t`${stars} stars: ${listeners}`;
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
      <h2 id="album-ratings-heading">{t`Ratings`}</h2>
      {listeners.count === 0 ? (
        <p className="muted">{t`Nobody has rated this album yet.`}</p>
      ) : (
        <>
          <p className="album-ratings__summary">
            {/* The score with its listeners once enough rated it, else how many did so far. */}
            {scoreShown(listeners, minListeners) ? (
              <ListenerScore listeners={listeners} className="album-ratings__score" />
            ) : (
              <span>{listenersCount(listeners.count)}</span>
            )}
          </p>
          <ol className="histogram" aria-label={t`Listeners by rating`}>
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
                {t`Ranked #${ranks.year.rank} of ${ranks.year.year}`}
              </Link>
            </li>
          )}
          {ranks.genre && (
            <li>
              <Link to={paths.charts(new URLSearchParams({ genre: ranks.genre.slug }).toString())}>
                {t`#${ranks.genre.rank} in ${ranks.genre.name}`}
              </Link>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
