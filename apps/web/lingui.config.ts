import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The UI's messages (ADR 56): written in English in the code, extracted to one PO catalogue per
 * language (`npm run i18n:extract`), compiled by the Vite plugin into a chunk per language.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es'],
  // A message not translated yet reads in English, never as its id (the build refuses it anyway).
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    },
  ],
  // The macros call liner's own `i18n` (src/lib/i18n/runtime.ts, an alias in vite.config.ts):
  // English without Lingui's runtime, which comes with the other languages' catalogues.
  runtimeConfigModule: { i18n: ['liner-i18n', 'i18n'] },
  // Where a message is used changes with every edit: kept out, the catalogues change only with words.
  // Nor a creation date, which every extraction would rewrite.
  format: formatter({ origins: false, customHeaderAttributes: { 'POT-Creation-Date': '' } }),
});
