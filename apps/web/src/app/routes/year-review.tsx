import { t } from '@lingui/core/macro';
import { useParams } from 'react-router';
import { ProfileGate } from '../../features/profiles/components/profile-gate.tsx';
import {
  NoSuchYear,
  YearReviewPage,
  yearReviewTitle,
} from '../../features/year-review/components/year-review-page.tsx';
import { parseReviewYear } from '../../features/year-review/review-years.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /profile/:username/year/:year */
export function Component() {
  const { username = '', year: yearText } = useParams();
  const year = parseReviewYear(yearText);
  useDocumentTitle(year === null ? t`Year not found` : yearReviewTitle(username, year));
  if (year === null) return <NoSuchYear username={username} />;
  return (
    <ProfileGate
      username={username}
      addressOf={(name, query) => `${paths.yearReview(name, year)}${query ? `?${query}` : ''}`}
    >
      {(profile) => <YearReviewPage profile={profile} year={year} />}
    </ProfileGate>
  );
}
