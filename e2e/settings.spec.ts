import { readFileSync } from 'node:fs';
import { expect, logIn, logOut, newAccount, signUp, test } from './fixtures.ts';

test('settings: change the password, download the data, delete the account', async ({ page }) => {
  const account = newAccount('settler');
  await signUp(page, account);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('turntable-2');
  await page.getByLabel('Confirm new password').fill('turntable-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^liner-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path()) as string, 'utf8'));
  expect(data.user.email).toBe(account.email);

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
