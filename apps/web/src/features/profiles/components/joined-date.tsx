import { t } from '@lingui/core/macro';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';

/** "Joined November 2026", from the profile's creation time (read in UTC, as it is stored). */
export function JoinedDate({ createdAt }: { createdAt: string }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  const monthYear = date.toLocaleDateString(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <p className="profile-header__joined">
      {richText(t`Joined <0>${monthYear}</0>`, [(words) => <time dateTime={createdAt}>{words}</time>])}
    </p>
  );
}
