import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The e-mails the e2e server wrote: without SMTP it keeps each one as an .eml file in the outbox of
 * its data directory (playwright.config.ts puts that directory in E2E_DATA_DIR). No Playwright test
 * API here, so global-setup.ts reads mail as the journeys do.
 */

export const VERIFY_SUBJECT = 'Verify your liner e-mail address';
export const CONFIRM_CHANGE_SUBJECT = 'Confirm your new liner e-mail address';

function outboxFiles(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`))
    .sort()
    .reverse()
    .map((f) => path.join(outbox, f));
}

const subjectOf = (raw: string) => raw.match(/^Subject: (.*)$/m)?.[1]?.trim();

/** How many e-mails with this subject the server wrote to this address. */
export function mailsTo(email: string, subject: string): number {
  return outboxFiles(email).filter((file) => subjectOf(readFileSync(file, 'utf8')) === subject).length;
}

/**
 * The newest e-mail the server wrote to its outbox for this address (with this subject, when
 * given), decoded enough to read links.
 */
export function lastMailTo(email: string, subject?: string): string {
  for (const file of outboxFiles(email)) {
    const raw = readFileSync(file, 'utf8');
    if (subject && subjectOf(raw) !== subject) continue;
    // Quoted-printable: join soft line breaks, then decode =XX escapes.
    return raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  throw new Error(`no mail for ${email}${subject ? ` with subject '${subject}'` : ''}`);
}

/** The verification link in the newest e-mail with this subject to this address; undefined while there is none. */
export function verificationLinkIn(email: string, subject = VERIFY_SUBJECT): string | undefined {
  let mail: string;
  try {
    mail = lastMailTo(email, subject);
  } catch {
    return undefined;
  }
  return mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0]?.replaceAll('&amp;', '&');
}
