import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatSourceMessage } from './source-messages.ts';

/** What Lingui itself makes of a message once compiled, as a translated page gets it. */
function lingui(message: string, values: Record<string, unknown>, locale = 'en'): string {
  const i18n = setupI18n({ locale, messages: { [locale]: { m: compileMessage(message) } } });
  return i18n._({ id: 'm', values });
}

const SHAPES = [
  'Plain words, with “quotes” and an apostrophe’s',
  'Hello {name}, you have {count} new',
  '{count, plural, one {# listener} other {# listeners}}',
  '{count, plural, =0 {Nobody yet} one {One person rated it} other {# people rated it}}',
  'Ranked {rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of {year}',
  '{who, select, me {You} other {{who}}} followed {name}',
  '{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
];

describe('formatSourceMessage', () => {
  it.each(SHAPES)('fills %s as Lingui does, for every count', (message) => {
    for (const count of [0, 1, 2, 3, 11, 22, 1234]) {
      for (const who of ['me', 'ana']) {
        const values = { name: 'Ana', count, rank: count, year: 1997, who };
        expect(formatSourceMessage(message, values)).toBe(lingui(message, values));
      }
    }
  });

  it('fills every message of the catalogue as Lingui does', () => {
    const catalogue = readFileSync(path.join(import.meta.dirname, '../../locales/en.po'), 'utf8');
    const messages = [...catalogue.matchAll(/^msgid (".*")$/gm)].map(
      (match) => JSON.parse(match[1] as string) as string,
    );
    expect(messages.length).toBeGreaterThan(5);
    for (const message of messages.filter(Boolean)) {
      const names = [...message.matchAll(/\{\s*(\w+)/g)].map((match) => match[1] as string);
      for (const count of [0, 1, 5, 1234]) {
        const values = Object.fromEntries(names.map((name) => [name, count]));
        expect(formatSourceMessage(message, values), message).toBe(lingui(message, values));
      }
    }
  });
});
