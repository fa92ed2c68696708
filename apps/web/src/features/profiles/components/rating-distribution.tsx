import { plural, t } from '@lingui/core/macro';
import { halfStarsLabel as starsLabel } from '../../../lib/catalog/format.ts';

const BUCKETS = 10;

/** "1 album", "12 albums", in the page's language. */
export function albumsCount(count: number): string {
  return plural(count, { one: '# album', other: '# albums' });
}

/** "4½ stars: 3 albums", "½ star: 1 album". */
export function distributionLabel(bucket: number, count: number): string {
  const stars = starsLabel(bucket);
  const albums = albumsCount(count);
  return bucket <= 1 ? t`${stars} star: ${albums}` : t`${stars} stars: ${albums}`;
}

/**
 * How a person rated their albums, in half stars: a bar per half star for the eye, and each bar's
 * words ("4½ stars: 3 albums") for a screen reader, as the album page's histogram does.
 */
export function RatingDistribution({ distribution }: { distribution: readonly number[] }) {
  const counts = Array.from({ length: BUCKETS }, (_, bucket) => distribution[bucket] ?? 0);
  const most = Math.max(1, ...counts);
  return (
    <ol className="rating-distribution" aria-label={t`Albums by rating`}>
      {counts.map((count, bucket) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the buckets are fixed positions, ½★ to 5★
        <li key={bucket} className="rating-distribution__bucket" data-count={count}>
          <span className="rating-distribution__bar-box" aria-hidden="true">
            <span
              className="rating-distribution__bar"
              style={{ height: `${count > 0 ? Math.max(4, (count / most) * 100) : 0}%` }}
            />
          </span>
          <span className="rating-distribution__label" aria-hidden="true">
            {bucket % 2 === 1 ? starsLabel(bucket) : ''}
          </span>
          <span className="visually-hidden">{distributionLabel(bucket, count)}</span>
        </li>
      ))}
    </ol>
  );
}
