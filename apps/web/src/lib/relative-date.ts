import { plural, t } from '@lingui/core/macro';
import { intlLocale } from './i18n/i18n.ts';

/**
 * Post dates as people say them (spec §9), in the page's language: 'Just now' when there is no
 * date (or under a minute), minutes and hours today, 'Yesterday', '{n} days ago' under a week,
 * otherwise the date.
 */
export function formatRelativeDate(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return t`Just now`;
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return t`Just now`;
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < 60) return t`Just now`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, { one: '# minute ago', other: '# minutes ago' });
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const dayMs = 24 * 60 * 60 * 1000;
  if (then.getTime() >= startOfToday) {
    const hours = Math.floor(minutes / 60);
    return plural(hours, { one: '# hour ago', other: '# hours ago' });
  }
  const days = Math.ceil((startOfToday - then.getTime()) / dayMs);
  if (days <= 1) return t`Yesterday`;
  if (days < 7) return plural(days, { one: '# day ago', other: '# days ago' });
  return then.toLocaleDateString(intlLocale());
}
