import { type Locale, SOURCE_LOCALE } from './locales.ts';
import { i18n, type Translator, translateWith } from './runtime.ts';

/**
 * Turns the UI to `locale`, then calls `ready` (main.tsx renders then). English needs nothing
 * loaded, so it is at once. Another language's catalogue comes in its own chunk, fetched only by
 * its readers; should it fail to come, the page is in English. Changing language reloads the page
 * (Settings), so every message is read in one language from the first render and nothing needs
 * to re-render on a switch.
 */
export async function activateLocale(locale: Locale, ready: () => void = () => {}): Promise<void> {
  let active: Locale = SOURCE_LOCALE;
  let translator: Translator | null = null;
  if (locale !== 'en') {
    try {
      translator = await (await import('./translator.ts')).translatorFor(locale);
      active = locale;
    } catch {
      // Offline before the catalogue was ever kept: English, rather than no page.
    }
  }
  translateWith(active, translator);
  document.documentElement.lang = active;
  ready();
}

/** The active language: one of LOCALES. */
export const activeLocale = (): string => i18n.locale;

/**
 * The active language as Intl's dates and numbers take it. English is British English, as liner
 * has always written dates ("26 September 1969").
 */
export const intlLocale = (): string => (i18n.locale === SOURCE_LOCALE ? 'en-GB' : i18n.locale);
