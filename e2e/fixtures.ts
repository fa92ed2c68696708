import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

let ipCounter = 0;

/**
 * Each test browses from its own address (the e2e server trusts X-Forwarded-For as if behind a
 * proxy), so the per-IP limits on sign-in and sign-up apply per test, as they would per person.
 */
export const test = base.extend<{ clientIp: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  clientIp: async ({}, use, info) => {
    ipCounter += 1;
    await use(`10.77.${info.workerIndex % 250}.${ipCounter % 250}`);
  },
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
    await use(context);
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

export async function signUp(page: Page, account: Account): Promise<void> {
  await page.goto('/create-account');
  await page.getByLabel('Username').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/profile-setup$/);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

/** The newest e-mail the server wrote to its outbox for this address, decoded enough to read links. */
export function lastMailTo(email: string): string {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml') && f.includes(email.replace(/[^a-z0-9@._-]/gi, '_')))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no mail for ${email}`);
  const raw = readFileSync(path.join(outbox, last), 'utf8');
  // Quoted-printable: join soft line breaks, then decode =XX escapes.
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}
