import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { diaryReviewYear, featuredReviewYear } from '../review-years.ts';
import './year-review.css';

/** "Your 2026 in music →" for the owner, "Ana's 2026 in music →" for anyone else. */
function YearReviewLink({ displayName, year, isOwner }: { displayName: string; year: number; isOwner: boolean }) {
  return (
    <Link to={paths.yearReview(displayName, year)} className="year-review-link">
      {isOwner ? t`Your ${year} in music` : t`${displayName}'s ${year} in music`}
      <span aria-hidden="true">→</span>
    </Link>
  );
}

/** On a profile in December and January: the year that is ending, or has just ended. */
export function FeaturedYearReview({ displayName, isOwner }: { displayName: string; isOwner: boolean }) {
  const year = featuredReviewYear();
  if (year === null) return null;
  return (
    <aside className="year-review-banner" aria-label={t`Year in music`}>
      <p>
        {isOwner
          ? t`Look back on ${year}: what you rated, heard and loved.`
          : t`Look back on ${displayName}'s ${year}.`}
      </p>
      <YearReviewLink displayName={displayName} year={year} isOwner={isOwner} />
    </aside>
  );
}

/** Above the Diary, all year round. */
export function DiaryYearReview({ displayName, isOwner }: { displayName: string; isOwner: boolean }) {
  return (
    <p className="diary-year-review">
      <YearReviewLink displayName={displayName} year={diaryReviewYear()} isOwner={isOwner} />
    </p>
  );
}
