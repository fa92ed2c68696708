/**
 * The languages liner speaks (ADR 56). English is the spec's own words and the source of every
 * message; the others are catalogues in src/locales/, each loaded only when chosen.
 */
export const LOCALES = ['en', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language by its own name, as a picker shows it to someone who reads only that one. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

/** Where the reader's own choice is kept, in this browser (Settings, Language). */
const STORAGE_KEY = 'liner.locale';

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** A language tag ("de-AT", "es-419", "en") as one of ours, by its primary subtag; null for none. */
export function matchLocale(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The language to show: the one chosen in Settings, else the first of the browser's languages we
 * speak, else English.
 */
export function preferredLocale(
  chosen: string | null = readChosen(),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale {
  if (isLocale(chosen)) return chosen;
  for (const tag of browser) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return SOURCE_LOCALE;
}

function readChosen(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (a private window's settings): the browser's languages decide
  }
}

/** The reader's choice; null goes back to following the browser. */
export function saveChosenLocale(locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(STORAGE_KEY, locale);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

export function chosenLocale(): Locale | null {
  const chosen = readChosen();
  return isLocale(chosen) ? chosen : null;
}
