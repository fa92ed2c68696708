import type { MemberPage } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { intlLocale } from '../../../lib/i18n/i18n.ts';

/** Sign-ups at a glance; the same whatever the search or filter. */
export function MemberTotals({ totals }: { totals: MemberPage['totals'] }) {
  const numbers = new Intl.NumberFormat(intlLocale());
  const items = [
    { label: t`Members`, value: totals.members },
    { label: t`Joined in the last 7 days`, value: totals.joinedLast7Days },
    { label: t`Joined in the last 30 days`, value: totals.joinedLast30Days },
    { label: t`Suspended`, value: totals.suspended },
  ];
  return (
    <dl className="community-totals" aria-label={t`Sign-ups`}>
      {items.map((item) => (
        <div key={item.label} className="community-totals__item">
          <dt>{item.label}</dt>
          <dd>{numbers.format(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
