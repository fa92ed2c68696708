import { setupI18n } from '@lingui/core';
import type { Translator } from './runtime.ts';

/**
 * Lingui's I18n with a language's compiled catalogue: one chunk per language, with Lingui's
 * runtime in it, fetched only by readers of that language (ADR 56).
 */
export async function translatorFor(locale: 'de' | 'es'): Promise<Translator> {
  // One import per language, so the bundler makes each its own chunk.
  const { messages } = locale === 'de' ? await import('../../locales/de.po') : await import('../../locales/es.po');
  return setupI18n({ locale, messages: { [locale]: messages } });
}
