import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { activeLocale } from '../../../lib/i18n/i18n.ts';
import {
  chosenLocale,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  preferredLocale,
  saveChosenLocale,
} from '../../../lib/i18n/locales.ts';
import './settings.css';

const FOLLOW_BROWSER = 'browser';

/**
 * Settings' Language: the browser's language by default, or one chosen here, kept in this browser.
 * The page reloads in the new language (every message is read once, at the first render).
 */
export function LanguageCard() {
  const ids = { select: useId(), help: useId() };
  const chosen = chosenLocale();
  const browser = preferredLocale(null);
  return (
    <section className="settings-card" aria-labelledby="language-heading">
      <h2 id="language-heading">{t`Language`}</h2>
      <div className="settings-field">
        <label htmlFor={ids.select}>{t`Language of liner`}</label>
        <select
          id={ids.select}
          className="input"
          value={chosen ?? FOLLOW_BROWSER}
          aria-describedby={ids.help}
          onChange={(event) => {
            const value = event.target.value;
            const next = LOCALES.find((locale) => locale === value) ?? null;
            saveChosenLocale(next);
            if ((next ?? browser) !== activeLocale()) window.location.reload();
          }}
        >
          <option value={FOLLOW_BROWSER}>{t`This browser's language (${LOCALE_NAMES[browser]})`}</option>
          {LOCALES.map((locale: Locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
        <p className="muted" id={ids.help}>
          {t`Kept in this browser. Dates and numbers follow the language too.`}
        </p>
      </div>
    </section>
  );
}
