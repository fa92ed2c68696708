import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as shared from '@liner/shared';
import { DISPLAY_NAME_TAKEN, PASSWORD_TOO_SHORT } from '@liner/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from './i18n.ts';
import { fromServer, translateWith } from './runtime.ts';
import { serverMessages } from './server-messages.ts';

/** Refusals only an API client or another server meets, never a person on liner's pages. */
const API_ONLY = new Set([
  'Invalid cursor',
  'Not found',
  'File not found',
  'Send the picture as multipart/form-data',
  'Request body must be application/json',
  'Cross-site requests are not allowed',
  'This address answers ActivityPub requests only',
  'Too many activities from this server. Please try again later.',
]);

/** Every refusal the server's code writes as a literal: refusal('CODE', '…'), badRequest('…') and the like. */
function serverLiterals(): string[] {
  const root = path.join(import.meta.dirname, '../../../../server/src');
  const found = new Set<string>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const call =
    /\b(?:refusal\(\s*'[A-Z_]+',|badRequest\(|conflict\(|notFound\(|forbidden\(|new AppError\(\s*'[A-Z_]+',)\s*'([^']+)'/g;
  for (const file of files)
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(call)) found.add(match[1] as string);
  return [...found];
}

/** @liner/shared's message constants: upper-case names whose value is words. */
const sharedMessages = Object.entries(shared).filter(
  (entry): entry is [string, string] =>
    typeof entry[1] === 'string' && /^[A-Z0-9_]+$/.test(entry[0]) && /\s/.test(entry[1]) && /[a-z]/.test(entry[1]),
);

describe('the server’s refusals in the page’s language', () => {
  afterAll(() => translateWith('en', null));

  it('knows every message @liner/shared gives the server', () => {
    expect(sharedMessages.length).toBeGreaterThan(50);
    const known = serverMessages();
    expect(sharedMessages.filter(([, message]) => !known.has(message)).map(([name]) => name)).toEqual([]);
  });

  it('knows every refusal the server writes out, but those only API clients meet', () => {
    const literals = serverLiterals();
    expect(literals.length).toBeGreaterThan(20);
    const known = serverMessages();
    expect(literals.filter((message) => !known.has(message) && !API_ONLY.has(message))).toEqual([]);
  });

  it('reads exactly as the server writes it in English, and an English page shows it as it came', () => {
    for (const [english, translated] of serverMessages()) expect(translated).toBe(english);
    expect(fromServer(DISPLAY_NAME_TAKEN)).toBe(DISPLAY_NAME_TAKEN);
  });

  it('turns a known refusal, and the rate limit’s wait, into German; unknown words stay as they came', async () => {
    await activateLocale('de');
    expect(fromServer(DISPLAY_NAME_TAKEN)).toBe('Dieser Anzeigename ist schon vergeben. Bitte wähle einen anderen.');
    expect(fromServer(PASSWORD_TOO_SHORT)).toBe('Das Passwort muss mindestens 8 Zeichen lang sein');
    expect(fromServer('Too many requests. Please try again in 1 second.')).toBe(
      'Zu viele Anfragen. Bitte versuche es in 1 Sekunde noch einmal.',
    );
    expect(fromServer('Too many requests. Please try again in 12 seconds.')).toBe(
      'Zu viele Anfragen. Bitte versuche es in 12 Sekunden noch einmal.',
    );
    expect(fromServer('Something only this server says')).toBe('Something only this server says');
  });
});
