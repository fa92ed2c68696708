import { randomBytes } from 'node:crypto';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { type Account, ADMIN } from './global-setup.ts';
import { VERIFY_SUBJECT, verificationLinkIn } from './outbox.ts';

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

export { CONFIRM_CHANGE_SUBJECT, lastMailTo, mailsTo, VERIFY_SUBJECT } from './outbox.ts';
export { type Account, ADMIN, expect };

/** API writes from the page's context come from the site's own origin, as the app's requests do. */
export const sameOrigin = () => ({ origin: String(test.info().project.use.baseURL) });

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

/** Signs up through the Create Account form, landing on profile setup: for journeys about the forms. */
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

/**
 * Signs up through Better Auth's API from the page's browser context, so the session cookie is the
 * page's and the request comes from the test's own address: what the Create Account form leaves
 * (signed in, the verification mail sent, the address unverified, profile setup still to do)
 * without filling it in. The page stays where it was. Returns the new user's id.
 */
export async function signUpViaApi(page: Page, account: Account): Promise<string> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: account.name, email: account.email, password: account.password },
    headers: sameOrigin(),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user.id;
}

/** `signUpViaApi`, then profile setup with this bio through the API, as `completeSetup` saves it. */
export async function signUpWithProfileViaApi(page: Page, account: Account, bio: string): Promise<string> {
  const userId = await signUpViaApi(page, account);
  const res = await page.request.put('/api/users/me/profile', {
    data: { displayName: account.name, bio, completeSetup: true },
    headers: sameOrigin(),
  });
  expect(res.status(), await res.text()).toBe(200);
  return userId;
}

/**
 * Opens the account's own profile, where `completeSetup` lands, and waits for the page to settle:
 * a menu or dialog opened while a freshly loaded page's data is still arriving can close again at
 * once on a busy machine.
 */
export async function openOwnProfile(page: Page, account: Account): Promise<void> {
  await page.goto(`/profile/${account.name}`);
  await expect(page.getByRole('heading', { name: account.name, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Ends the page's session through the API, as Log Out does; the page stays where it was. */
export async function signOutViaApi(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/sign-out', { headers: sameOrigin() });
  expect(res.status(), await res.text()).toBe(200);
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

/** The verification link in the newest e-mail with this subject to this address (it may take a moment to arrive). */
export async function verificationLink(email: string, subject = VERIFY_SUBJECT): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = verificationLinkIn(email, subject);
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** Opens the link of the newest verification e-mail to this address, as its owner would. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
}

async function role(page: Page): Promise<string | undefined> {
  const session = await (await page.request.get('/api/auth/get-session')).json();
  return session?.user?.role;
}

/** Signs the admin in through the API, in the page's context: global-setup.ts made the account an admin. */
export async function becomeAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: sameOrigin(),
  });
  expect(res.status(), await res.text()).toBe(200);
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
  for (const [index, rating] of ratings.entries()) {
    const res = await page.request.put(`/api/albums/${albumId}/tracks/${trackIds[index]}/rating`, {
      data: { rating },
      headers: sameOrigin(),
    });
    expect(res.status()).toBe(200);
  }
  return trackIds;
}
