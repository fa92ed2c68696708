import type { MemberPage } from '@liner/shared';

/** Sign-ups at a glance; the same whatever the search or filter. */
export function MemberTotals({ totals }: { totals: MemberPage['totals'] }) {
  const items = [
    { label: 'Members', value: totals.members },
    { label: 'Joined in the last 7 days', value: totals.joinedLast7Days },
    { label: 'Joined in the last 30 days', value: totals.joinedLast30Days },
    { label: 'Suspended', value: totals.suspended },
  ];
  return (
    <dl className="community-totals" aria-label="Sign-ups">
      {items.map((item) => (
        <div key={item.label} className="community-totals__item">
          <dt>{item.label}</dt>
          <dd>{item.value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
