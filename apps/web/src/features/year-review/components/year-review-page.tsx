import { type ProfileView, YEAR_REVIEW_FIRST, type YearReview } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useYearReview } from '../api/get-year-review.ts';
import { YearReviewSections } from './year-review-sections.tsx';
import { YearShare } from './year-share.tsx';
import '../../../components/ui/card.css';
import './year-review.css';

export const yearReviewTitle = (displayName: string, year: number) => t`${displayName}'s ${year} in music`;

/** An address whose year no review is kept for: before the first year, after this one, or not a year. */
export function NoSuchYear({ username }: { username: string }) {
  const first = YEAR_REVIEW_FIRST;
  const name = username;
  return (
    <div className="page center-state">
      <div style={{ textAlign: 'center' }}>
        <h1>{t`Year not found`}</h1>
        <p>{t`A year in music is kept for each year from ${first} to this one.`}</p>
        <Link to={paths.profile(username)} className="btn btn-primary">
          {t`Back to ${name}`}
        </Link>
      </div>
    </div>
  );
}

/**
 * /profile/:username/year/:year once the name is resolved (the route does, with the profiles
 * feature's gate): a person's year in music, for anyone who may read their profile.
 */
export function YearReviewPage({ profile, year }: { profile: ProfileView; year: number }) {
  const { user } = useSession();
  const isOwner = user?.id === profile.userId;
  const thisYear = new Date().getFullYear();
  const name = profile.displayName;
  return (
    <div className="page year-review">
      <p className="year-review__back">
        <Link to={paths.profile(profile.displayName)}>← {t`Back to ${name}`}</Link>
      </p>
      <header className="year-review__head">
        <h1>{isOwner ? t`Your ${year} in music` : yearReviewTitle(profile.displayName, year)}</h1>
        <nav aria-label={t`Other years`} className="year-review__years">
          {year > YEAR_REVIEW_FIRST && (
            <Link to={paths.yearReview(profile.displayName, year - 1)} rel="prev">
              ← {year - 1}
            </Link>
          )}
          {year < thisYear && (
            <Link to={paths.yearReview(profile.displayName, year + 1)} rel="next">
              {year + 1} →
            </Link>
          )}
        </nav>
      </header>
      {isOwner || profile.canSeeContent ? (
        <YearReviewBody userId={profile.userId} name={profile.displayName} year={year} isOwner={isOwner} />
      ) : (
        <section className="card year-review__closed" aria-labelledby="year-closed-heading">
          <h2 id="year-closed-heading">{t`This profile is private`}</h2>
          <p className="muted">{t`Only approved followers can see ${name}'s year in music.`}</p>
        </section>
      )}
    </div>
  );
}

function YearReviewBody({
  userId,
  name,
  year,
  isOwner,
}: {
  userId: string;
  name: string;
  year: number;
  isOwner: boolean;
}) {
  const review = useYearReview(userId, year);
  if (review.isPending) return <PendingState fetchStatus={review.fetchStatus} label={t`Loading the year...`} />;
  if (review.isError) return <FormError message={userMessage(review.error, t`The year could not be loaded.`)} />;
  const data = review.data;
  if (isEmpty(data)) {
    return (
      <p className="muted year-review__empty">
        {isOwner
          ? t`Nothing rated or logged in ${year} yet. Rate songs and log listens, and your year will show here.`
          : t`Nothing rated or logged in ${year}.`}
      </p>
    );
  }
  return (
    <>
      <YearNumbers review={data} />
      <YearReviewSections review={data} />
      <YearShare userId={userId} name={name} review={data} isOwner={isOwner} />
    </>
  );
}

function isEmpty(review: YearReview): boolean {
  return (
    review.albumsRated + review.songsRated + review.listens + review.peopleFollowed === 0 &&
    review.listsMade.length === 0 &&
    review.longestReview === null
  );
}

function YearNumbers({ review }: { review: YearReview }) {
  const numbers = [
    [t`Albums rated`, review.albumsRated],
    [t`Songs rated`, review.songsRated],
    [t`Listens`, review.listens],
    [t`Albums heard`, review.albumsListened],
    [t`People followed`, review.peopleFollowed],
  ] as const;
  const format = new Intl.NumberFormat(intlLocale());
  return (
    <dl className="year-numbers">
      {numbers.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{format.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
