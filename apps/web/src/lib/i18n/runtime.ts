import { formatSourceMessage } from './source-messages.ts';

/** What Lingui's macros hand to `i18n._`: the message's id, its English, and its values. */
export interface MessageDescriptor {
  id: string;
  message?: string;
  values?: Record<string, unknown>;
}

/** The part of Lingui's I18n a translated page uses (from @lingui/core, loaded with the catalogue). */
export interface Translator {
  _(descriptor: MessageDescriptor): string;
  /** A refusal the server wrote in English, in this language (server-messages.ts). */
  serverMessage(message: string): string;
}

let translator: Translator | null = null;
let current = 'en';

/**
 * The `i18n` Lingui's macros call (lingui.config.ts points them here, ADR 56). In English it
 * fills the message the build kept beside its id; once another language's catalogue is active it
 * hands every message to Lingui's own I18n, which came in the same chunk as that catalogue. So the
 * home route carries this file, not Lingui's runtime.
 */
export const i18n = {
  get locale(): string {
    return current;
  },
  _(descriptor: MessageDescriptor | string, values?: Record<string, unknown>): string {
    const message = typeof descriptor === 'string' ? { id: descriptor, message: descriptor, values } : descriptor;
    if (translator) return translator._(message);
    return formatSourceMessage(message.message ?? message.id, message.values, current);
  },
};

/** Messages from now on in `locale`, through `to` (null: English, from the code). */
export function translateWith(locale: string, to: Translator | null): void {
  current = locale;
  translator = to;
}

/**
 * Words the server wrote (the API's refusals are English for every client), in the page's
 * language where liner knows them; an English page shows them as they came.
 */
export const fromServer = (message: string): string => (translator ? translator.serverMessage(message) : message);
