import { intlLocale } from '../../../lib/i18n/i18n.ts';

/** A day as people read it here ("23 Nov 2026"), in the page's language. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric' });
}
