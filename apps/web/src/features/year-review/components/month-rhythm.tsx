import type { YearReview } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useId } from 'react';
import { monthName } from '../../../lib/catalog/labels.ts';

type Measure = 'listens' | 'songsRated';

/** "3 songs rated", "1 listen". */
function countLabel(measure: Measure, count: number): string {
  return measure === 'songsRated'
    ? plural(count, { one: '# song rated', other: '# songs rated' })
    : plural(count, { one: '# listen', other: '# listens' });
}

/** The chart's title, and its bars' name for a screen reader. */
function titles(measure: Measure): { title: string; bars: string } {
  return measure === 'songsRated'
    ? { title: t`Songs rated`, bars: t`Songs rated by month` }
    : { title: t`Listens`, bars: t`Listens by month` };
}

/**
 * The year month by month, one chart per measure that has anything in it: a bar per month for the
 * eye, and each bar's words ("March: 12 listens") for a screen reader; the busiest month is named
 * in a sentence both read.
 */
export function MonthRhythm({ months }: { months: YearReview['months'] }) {
  const measures = (['listens', 'songsRated'] as const).filter((measure) => months.some((m) => m[measure] > 0));
  if (measures.length === 0) return <p className="muted">{t`Nothing was heard or rated this year yet.`}</p>;
  return (
    <div className="month-rhythm">
      {measures.map((measure) => (
        <MonthChart key={measure} months={months} measure={measure} />
      ))}
    </div>
  );
}

function MonthChart({ months, measure }: { months: YearReview['months']; measure: Measure }) {
  const headingId = useId();
  const most = Math.max(1, ...months.map((m) => m[measure]));
  const busiest = months.reduce((best, m) => (m[measure] > best[measure] ? m : best));
  const { title, bars } = titles(measure);
  const month = monthName(busiest.month);
  const count = countLabel(measure, busiest[measure]);
  return (
    <figure className="month-chart" aria-labelledby={headingId}>
      <figcaption id={headingId} className="month-chart__title">
        {title}
      </figcaption>
      <ol className="month-chart__bars" aria-label={bars}>
        {months.map((m) => {
          const month = monthName(m.month);
          const count = countLabel(measure, m[measure]);
          return (
            <li key={m.month} className="month-chart__month" data-count={m[measure]}>
              <span className="month-chart__bar-box" aria-hidden="true">
                <span
                  className={`month-chart__bar month-chart__bar--${measure}`}
                  style={{ height: `${m[measure] > 0 ? Math.max(4, (m[measure] / most) * 100) : 0}%` }}
                />
              </span>
              <span className="month-chart__label" aria-hidden="true">
                {month.charAt(0)}
              </span>
              <span className="visually-hidden">{t`${month}: ${count}`}</span>
            </li>
          );
        })}
      </ol>
      <p className="month-chart__busiest">{t`Busiest: ${month}, ${count}`}</p>
    </figure>
  );
}
