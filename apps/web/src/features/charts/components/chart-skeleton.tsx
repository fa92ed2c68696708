import { SkeletonBlock } from '../../../components/ui/skeleton.tsx';

const ROWS = 8;

/** The chart's shape while it loads: ranked rows of cover, title, artist and score. */
export function ChartSkeleton() {
  return (
    <ol className="chart-list" aria-hidden="true">
      {Array.from({ length: ROWS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <li key={index} className="chart-row">
          <span className="chart-row__rank">{index + 1}</span>
          <SkeletonBlock className="chart-row__cover" />
          <span className="chart-row__text">
            <SkeletonBlock className="skeleton--text" style={{ width: `${45 + ((index * 17) % 35)}%` }} />
            <SkeletonBlock className="skeleton--text" style={{ width: '30%' }} />
            <SkeletonBlock className="skeleton--text" style={{ width: '4rem' }} />
          </span>
          <SkeletonBlock className="skeleton--text chart-row__score" style={{ width: '9rem' }} />
        </li>
      ))}
    </ol>
  );
}
