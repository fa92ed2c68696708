import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import {
  CONFIRM_CHANGE_SUBJECT,
  expect,
  logIn,
  logOut,
  newAccount,
  signOutViaApi,
  signUpViaApi,
  test,
  verificationLink,
} from './fixtures.ts';

test('settings: change the password, download the data, delete the account', async ({ page }) => {
  const account = newAccount('settler');
  await signUpViaApi(page, account);
  // Where the Create Account form leaves a new account, once the page has settled (a menu opened
  // while a freshly loaded page's data is still arriving can close again at once).
  await page.goto('/profile-setup');
  await expect(page.getByLabel('Display Name')).toHaveValue(account.name);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // The e-mail card asks for the current password too: fill the password card's.
  const passwordCard = page.getByRole('region', { name: 'Change password' });
  await passwordCard.getByLabel('Current password', { exact: true }).fill(account.password);
  await passwordCard.getByLabel('New password', { exact: true }).fill('password1');
  await passwordCard.getByLabel('Confirm new password').fill('password1');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordCard.getByRole('alert')).toHaveText(
    'That password is too common. Please choose a less common one.',
  );
  await passwordCard.getByLabel('New password', { exact: true }).fill('turntable-2');
  await passwordCard.getByLabel('Confirm new password').fill('turntable-2');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^liner-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path()) as string, 'utf8'));
  expect(data.user.email).toBe(account.email);

  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV files (zip)' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^liner-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(readFileSync((await zip.path()) as string));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['ratings.csv', 'reviews.csv', 'rym-ratings.csv']));

  await logOut(page);
  await logIn(page, account.email, 'turntable-2');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password', { exact: true }).fill('wrong password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');
  await dialog.getByLabel('Password', { exact: true }).fill('turntable-2');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await logIn(page, account.email, 'turntable-2');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('changing the e-mail needs the password and takes effect only from the link sent to the new address', async ({
  page,
}) => {
  const account = newAccount('mover');
  const other = newAccount('taken');
  await signUpViaApi(page, other);
  await signOutViaApi(page);
  await signUpViaApi(page, account);
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Change e-mail' });
  await expect(card).toContainText(`Currently ${account.email}`);

  const newEmail = `moved.${account.email}`;
  await card.getByLabel('New e-mail').fill(newEmail);
  await card.getByLabel('Current password').fill('not my password');
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByRole('alert')).toHaveText('Incorrect password');

  await card.getByLabel('New e-mail').fill(other.email);
  await card.getByLabel('Current password').fill(account.password);
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByRole('alert')).toHaveText('An account with that e-mail address already exists.');

  await card.getByLabel('New e-mail').fill(newEmail);
  await card.getByLabel('Current password').fill(account.password);
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `We sent a confirmation link to ${newEmail}. Your e-mail address changes when you click it.`,
  );
  await expect(page.getByText('Your e-mail address has been changed.')).toHaveCount(0);
  // Nothing has changed yet.
  await page.reload();
  await expect(card).toContainText(`Currently ${account.email}`);

  await page.goto(await verificationLink(newEmail, CONFIRM_CHANGE_SUBJECT));
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
  await page.goto('/settings');
  await expect(card).toContainText(`Currently ${newEmail}`);
  await logOut(page);
  await logIn(page, newEmail, account.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('signing out of a signed-in-only page lands home, not on log-in, even while the home page is slow to load', async ({
  page,
}) => {
  const account = newAccount('leaver');
  await signUpViaApi(page, account);
  // A fresh page on /settings: the home page's code has not been fetched yet, and takes 2 s.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.route('**/assets/home-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});
