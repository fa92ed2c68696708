import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

let ipCounter = 0;

/**
 * Each test browses from its own address (the e2e server trusts X-Forwarded-For as if behind a
 * proxy), so the per-IP limits on sign-in and sign-up apply per test, as they would per person.
 * `newListener()` opens one more person's browser, from an address of its own, closed after the test.
 */
export const test = base.extend<{ clientIp: string; newListener: () => Promise<Page> }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  clientIp: async ({}, use, info) => {
    ipCounter += 1;
    await use(`10.77.${info.workerIndex % 250}.${ipCounter % 250}`);
  },
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
    await use(context);
  },
  newListener: async ({ browser, clientIp }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({
        // Another valid address (an invalid one would share Better Auth's single fallback bucket).
        extraHTTPHeaders: { 'x-forwarded-for': clientIp.replace(/^10\.77\./, `10.${78 + contexts.length}.`) },
      });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'fan'): Account {
  const id = randomBytes(3).toString('hex');
  return { name: `${prefix}_${id}`, email: `${prefix}.${id}@e2e.test`, password: 'vinyl-forever' };
}

/** Fills in Create Account and sends it; `confirm` is what goes in Confirm Password, when not the same. */
export async function submitSignUp(page: Page, account: Account, confirm = account.password): Promise<void> {
  await page.goto('/create-account');
  await page.getByLabel('Username').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function signUp(page: Page, account: Account): Promise<void> {
  await submitSignUp(page, account);
  await expect(page).toHaveURL(/\/profile-setup$/);
}

/** Finishes profile setup with this bio, landing on the new profile. */
export async function completeSetup(page: Page, bio: string): Promise<void> {
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/profile\//);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function logOut(page: Page): Promise<void> {
  // A menu opened while the page was still settling (a dialog closing, data arriving) can close
  // again at once on a busy machine: open it again until its item can be clicked.
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: 'Log Out' });
    if (!(await item.isVisible())) await page.getByRole('button', { name: 'Account menu' }).click();
    await item.click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

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

export const VERIFY_SUBJECT = 'Verify your liner e-mail address';
export const CONFIRM_CHANGE_SUBJECT = 'Confirm your new liner e-mail address';

/** The verification link in the newest e-mail with this subject to this address (it may take a moment to arrive). */
export async function verificationLink(email: string, subject = VERIFY_SUBJECT): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      try {
        link = lastMailTo(email, subject).match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
      } catch {
        link = undefined;
      }
      return link;
    })
    .toBeTruthy();
  return (link as string).replaceAll('&amp;', '&');
}

/** Opens the link of the newest verification e-mail to this address, as its owner would. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
}

/** The e2e server's ADMIN_EMAILS makes this address an admin, once it is verified. */
export const ADMIN: Account = { name: 'e2e_admin', email: 'admin@e2e.test', password: 'vinyl-forever' };

async function role(page: Page): Promise<string | undefined> {
  const session = await (await page.request.get('/api/auth/get-session')).json();
  return session?.user?.role;
}

/** Signs the admin up and verifies the address, or logs in when an earlier journey already did. */
export async function becomeAdmin(page: Page): Promise<void> {
  await submitSignUp(page, ADMIN);
  const taken = page.getByRole('alert');
  await expect(page.getByRole('heading', { name: 'Set Up Your Profile' }).or(taken)).toBeVisible();
  if (await taken.isVisible()) {
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  }
  if ((await role(page)) !== 'admin') await verifyEmail(page, ADMIN.email);
  expect(await role(page)).toBe('admin');
}

/**
 * Rates songs of an album as the person signed in on `page` (through the API, from the site's own
 * origin as the app's requests are): `ratings` in half stars (10 = 5★) for the album's first
 * songs, in order. Returns the album's track ids.
 */
export async function rateSongs(page: Page, albumId: string, ratings: number[]): Promise<string[]> {
  const album = await (await page.request.get(`/api/music/albums/${albumId}`)).json();
  const trackIds = (album.tracks as { id: string }[]).map((track) => track.id);
  const origin = String(test.info().project.use.baseURL);
  for (const [index, rating] of ratings.entries()) {
    const res = await page.request.put(`/api/albums/${albumId}/tracks/${trackIds[index]}/rating`, {
      data: { rating },
      headers: { origin },
    });
    expect(res.status()).toBe(200);
  }
  return trackIds;
}
