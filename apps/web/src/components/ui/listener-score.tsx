import type { Listeners } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { listenersCount, oneDecimal } from '../../lib/catalog/format.ts';
import { useChartMinListeners } from '../../lib/public-config.ts';

/** Whether a community score is shown: only once enough people rated it (the charts' minimum). */
export function scoreShown(listeners: Listeners | undefined, minListeners: number | null): boolean {
  return (
    listeners !== undefined && minListeners !== null && listeners.average !== null && listeners.count >= minListeners
  );
}

/**
 * "★ 4.2 · 12 listeners", read out as "4.2 stars from 12 listeners"; nothing while fewer people
 * than the charts' minimum rated it, so one person's rating never reads as the community's.
 */
export function ListenerScore({ listeners, className }: { listeners: Listeners | undefined; className?: string }) {
  const minListeners = useChartMinListeners(Boolean(listeners && listeners.count > 0 && listeners.average !== null));
  if (!listeners || !scoreShown(listeners, minListeners)) return null;
  const average = oneDecimal(listeners.average ?? 0);
  const people = listenersCount(listeners.count);
  return (
    <span className={`listener-score ${className ?? ''}`}>
      <span aria-hidden="true">
        <span className="listener-score__star">★</span> {average}
        <span className="listener-score__people"> · {people}</span>
      </span>
      <span className="visually-hidden">{t`${average} stars from ${people}`}</span>
    </span>
  );
}
