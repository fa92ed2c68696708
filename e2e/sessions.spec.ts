import { expect, logIn, newAccount, signUpViaApi, test } from './fixtures.ts';

test('settings lists the signed-in browsers; signing one out ends it, signing out this one goes to /login', async ({
  page,
  newListener,
}) => {
  const account = newAccount('sess');
  await signUpViaApi(page, account);
  const phone = await newListener();
  await logIn(phone, account.email, account.password);
  await expect(phone.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Sessions' });
  const items = card.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'This browser' })).toHaveCount(1);
  await expect(items.first()).toContainText('last active today');

  await items
    .filter({ hasNotText: 'This browser' })
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(items).toHaveCount(1);
  await phone.reload();
  await expect(phone.getByRole('link', { name: 'Sign In' }).first()).toBeAttached();
  await expect(phone.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Sign out of this browser' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});
