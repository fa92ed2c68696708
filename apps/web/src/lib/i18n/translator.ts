import { setupI18n } from '@lingui/core';
import type { Translator } from './runtime.ts';
import { translateServerMessage } from './server-messages.ts';

/**
 * Lingui's I18n with a language's compiled catalogue: one chunk per language, with Lingui's
 * runtime in it, fetched only by readers of that language (ADR 56), and the server's refusals in
 * that language.
 */
export async function translatorFor(locale: 'de' | 'es'): Promise<Translator> {
  // One import per language, so the bundler makes each its own chunk.
  const { messages } = locale === 'de' ? await import('../../locales/de.po') : await import('../../locales/es.po');
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return { _: (descriptor) => i18n._(descriptor), serverMessage: translateServerMessage };
}
